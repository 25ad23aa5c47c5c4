;;; eglot_e2e.el --- checks run in Emacs configured by the init.el of docs/editors.md  -*- lexical-binding: t -*-
;; Loaded after the Emacs block of docs/editors.md (see readme-config.js), in batch mode: opening a record
;; starts `planilla lsp' through Eglot alone; the settings of `eglot-workspace-configuration'
;; (English, the user's list) take effect; changing them and signalling didChangeConfiguration
;; applies them without a restart.  Prints one JSON line per check and
;; "emacs-readme: N passed, N failed"; exits non-zero on failure.  Every wait polls its condition
;; with a bound (PLANILLA_TIMEOUT_MS, default 15 s).
(require 'json)
(require 'flymake)

(defvar e2e-passes 0)
(defvar e2e-failures 0)
(defvar e2e-timeout (/ (string-to-number (or (getenv "PLANILLA_TIMEOUT_MS") "15000")) 1000.0))
(when (<= e2e-timeout 0) (setq e2e-timeout 15.0))

(defvar e2e-published nil "URIs the server has published diagnostics for, newest first.")
(cl-defmethod eglot-handle-notification :after
  (_server (_method (eql textDocument/publishDiagnostics)) &key uri &allow-other-keys)
  (push uri e2e-published))

(defun e2e-check (name ok detail)
  (princ (format "%s\n" (json-encode `((check . ,name) (ok . ,(if ok t :json-false)) (detail . ,detail)))))
  (if ok (setq e2e-passes (1+ e2e-passes)) (setq e2e-failures (1+ e2e-failures))))

(defun e2e-wait (pred)
  "Process events until PRED is true or the timeout passes; return PRED's last value."
  (let ((end (+ (float-time) e2e-timeout)) (value nil))
    (while (and (not (setq value (funcall pred))) (< (float-time) end))
      (accept-process-output nil 0.05))
    value))

(defun e2e-messages (buffer)
  "The diagnostics Flymake holds for BUFFER, as strings."
  (with-current-buffer buffer
    (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))

(defun e2e-any (list regexp)
  (seq-some (lambda (m) (string-match-p regexp m)) list))

(defun e2e-open (file)
  "Visit FILE as a user would: the mode hook runs; then the command loop's post-command hook,
where `eglot-ensure' connects."
  (let ((buffer (find-file-noselect file)))
    (set-buffer buffer)
    (run-hooks 'post-command-hook)
    ;; Flymake starts when the buffer is shown in a window; batch Emacs shows none, so start it
    ;; here, once Eglot manages the buffer (Eglot then reports the server's diagnostics to it).
    (when (e2e-wait (lambda () (with-current-buffer buffer (eglot-managed-p))))
      (with-current-buffer buffer (flymake-start nil t)))
    buffer))

(defun e2e-finish ()
  (princ (format "emacs-readme: %d passed, %d failed\n" e2e-passes e2e-failures))
  (ignore-errors (eglot-shutdown-all))
  (kill-emacs (if (> e2e-failures 0) 1 0)))

(condition-case err
    (let* ((work (or (getenv "PLANILLA_WORK") (error "PLANILLA_WORK is not set")))
           (score (e2e-open (expand-file-name "score-error.gcg" work))))
      (e2e-check "major_mode" (eq (buffer-local-value 'major-mode score) 'gcg-mode)
                 (symbol-name (buffer-local-value 'major-mode score)))
      (e2e-check "eglot_managed" (e2e-wait (lambda () (with-current-buffer score (eglot-managed-p)))) nil)
      (let ((english (e2e-wait (lambda () (let ((m (e2e-messages score))) (and (e2e-any m "declared score 18, computed 16") m))))))
        (e2e-check "english_from_settings" english (or english (e2e-messages score))))
      (let* ((own (e2e-open (expand-file-name "palabra-propia.gcg" work)))
             (server (with-current-buffer own (eglot-current-server)))
             (published nil))
        (e2e-check "one_server_both_records"
                   (and server (eq server (with-current-buffer score (eglot-current-server)))) nil)
        ;; Hover answered (so the record is analysed), then no unaccepted word may be reported.
        (let ((hover (with-current-buffer own
                       (jsonrpc-request server :textDocument/hover
                                        (list :textDocument (eglot--TextDocumentIdentifier)
                                              :position (list :line 3 :character 19))))))
          (setq published (plist-get (plist-get hover :contents) :value))
          (e2e-check "hover_english" (and (stringp published) (string-match-p "True totals" published)) published))
        (let ((uri (with-current-buffer own (plist-get (eglot--TextDocumentIdentifier) :uri))))
          (e2e-wait (lambda () (member uri e2e-published)))
          (e2e-wait (lambda () (with-current-buffer own (flymake-running-backends)))) ; reported to Flymake
          (e2e-check "user_list_accepts_word" (and (member uri e2e-published) (not (e2e-any (e2e-messages own) "BIROL")))
                     (e2e-messages own)))
        ;; Change the settings as a user would, and signal them.
        (setq-default eglot-workspace-configuration
                      '(:planilla (:language "es" :lexiconExtra "")))
        (with-current-buffer score (eglot-signal-didChangeConfiguration server))
        (let ((spanish (e2e-wait (lambda () (let ((m (e2e-messages score))) (and (e2e-any m "declarada 18, calculada 16") m))))))
          (e2e-check "set_language_without_restart" spanish (or spanish (e2e-messages score))))
        (let ((rejected (e2e-wait (lambda () (let ((m (e2e-messages own))) (and (e2e-any m "BIROL no está") m))))))
          (e2e-check "set_list_without_restart" rejected (or rejected (e2e-messages own))))))
  (error (e2e-check "lisp_error" nil (error-message-string err))))
(e2e-finish)
