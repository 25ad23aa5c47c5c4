/**
 * Type declarations for the language client and server packages (and the protocol packages they
 * are built on). Their package.json files expose their entry points only through `exports`, which
 * the project's TypeScript module resolution (`node`) does not read; Node and esbuild do, so at
 * run time the imports resolve as written. This file only tells the compiler where the
 * declarations are, so that the editor-facing code is type-checked instead of typed `any`.
 *
 * Example: `import { createConnection } from 'vscode-languageserver/node';` type-checks.
 */
declare module 'vscode-languageserver/node' {
  export * from 'vscode-languageserver/lib/node/main';
}
declare module 'vscode-languageserver' {
  export * from 'vscode-languageserver/lib/common/api';
}
declare module 'vscode-languageclient/node' {
  export * from 'vscode-languageclient/lib/node/main';
}
declare module 'vscode-languageclient' {
  export * from 'vscode-languageclient/lib/common/api';
}
declare module 'vscode-languageserver-protocol' {
  export * from 'vscode-languageserver-protocol/lib/common/api';
}
declare module 'vscode-languageserver-protocol/node' {
  export * from 'vscode-languageserver-protocol/lib/node/main';
}
declare module 'vscode-jsonrpc' {
  export * from 'vscode-jsonrpc/lib/common/api';
}
declare module 'vscode-jsonrpc/node' {
  export * from 'vscode-jsonrpc/lib/node/main';
}
