/*
 * Planilla's timing harness for MAGPIE's move generator (scripts/bench/peers.mjs builds it).
 *
 * Our own glue, not MAGPIE code: compiled in a temporary folder against a MAGPIE checkout's
 * headers and linked with the objects of its `make magpie BUILD=release`. Nothing of MAGPIE is
 * copied into Planilla's repository.
 *
 * Usage:
 *   magpie-bench DATA klv              writes DATA/lexica/CSWES.klv2 (no leaves) from
 *                                      DATA/lexica/CSWES.csv (empty) with MAGPIE's own converter
 *   magpie-bench DATA run POSITIONS    positions: one CGP a line (Spanish tiles as the
 *                                      distribution english_es names them). Prints one line a
 *                                      position: `placements all_ms best1_ms best10_ms best_score`
 *                                      (CPU time of generate_moves alone; zero leaves; all moves
 *                                      with MOVE_RECORD_ALL, the best with MOVE_RECORD_BEST, the
 *                                      best 10 with MOVE_RECORD_ALL into a list of 10).
 *   magpie-bench DATA analyze LEAVES POSITIONS
 *                                      the static analysis of games: for each CGP line (the
 *                                      position before a turn, the mover's rack), every move
 *                                      generated and sorted by equity with the leave file
 *                                      DATA/lexica/LEAVES.klv2, as a coach's tool ranks the
 *                                      move played. Prints `positions moves` at the end; the
 *                                      caller times the whole process (loading included).
 *
 * DATA holds letterdistributions/english_es.csv, lexica/CSWES.kwg, layouts/standard15.txt and
 * strategy/winpct.csv, written by scripts/bench/peers.mjs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "src/ent/game.h"
#include "src/ent/move.h"
#include "src/ent/player.h"
#include "src/impl/config.h"
#include "src/impl/move_gen.h"
#include "src/util/io_util.h"

static double cpu_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void command(Config *config, const char *cmd) {
  ErrorStack *errors = error_stack_create();
  config_load_command(config, cmd, errors);
  if (error_stack_is_empty(errors)) {
    config_execute_command(config, errors);
  }
  if (!error_stack_is_empty(errors)) {
    fprintf(stderr, "magpie-bench: command failed: %s\n", cmd);
    error_stack_print_and_reset(errors);
    exit(1);
  }
  error_stack_destroy(errors);
}

static double generate(Game *game, MoveList *list, move_record_t record) {
  const MoveGenArgs args = {
      .game = game,
      .move_list = list,
      .move_record_type = record,
      .move_sort_type = MOVE_SORT_EQUITY,
      .override_kwg = NULL,
      .eq_margin_movegen = 0,
      .target_equity = EQUITY_MAX_VALUE,
      .target_leave_size_for_exchange_cutoff = UNSET_LEAVE_SIZE,
  };
  const double t0 = cpu_ms();
  generate_moves(&args);
  return cpu_ms() - t0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: magpie-bench DATA klv | magpie-bench DATA run POSITIONS | magpie-bench DATA analyze LEAVES POSITIONS\n");
    return 2;
  }
  ErrorStack *errors = error_stack_create();
  const ConfigArgs config_args = {.data_paths = argv[1], .settings_filename = NULL, .use_wmp = false};
  Config *config = config_create(&config_args, errors);
  if (!error_stack_is_empty(errors)) {
    error_stack_print_and_reset(errors);
    return 1;
  }
  if (strcmp(argv[2], "klv") == 0) {
    command(config, "convert csv2klv CSWES english_es");
    config_destroy(config);
    return 0;
  }
  if (strcmp(argv[2], "analyze") == 0 && argc >= 5) {
    char set[512];
    snprintf(set, sizeof set,
             "set -lex CSWES -ld english_es -k1 %s -k2 %s -wmp false -s1 equity -r1 all -s2 equity -r2 all -threads 1",
             argv[3], argv[3]);
    command(config, set);
    MoveList *list = move_list_create(400000);
    FILE *in = fopen(argv[4], "r");
    if (in == NULL) {
      fprintf(stderr, "magpie-bench: cannot read %s\n", argv[4]);
      return 1;
    }
    char line[4096];
    char cmd[4200];
    long positions = 0;
    long moves = 0;
    while (fgets(line, sizeof line, in) != NULL) {
      line[strcspn(line, "\n")] = '\0';
      if (line[0] == '\0') {
        continue;
      }
      snprintf(cmd, sizeof cmd, "cgp %s", line);
      command(config, cmd);
      generate(config_get_game(config), list, MOVE_RECORD_ALL);
      positions++;
      moves += move_list_get_count(list);
    }
    fclose(in);
    printf("%ld %ld\n", positions, moves);
    move_list_destroy(list);
    error_stack_destroy(errors);
    config_destroy(config);
    return 0;
  }
  if (strcmp(argv[2], "run") != 0 || argc < 4) {
    fprintf(stderr, "magpie-bench: unknown mode %s\n", argv[2]);
    return 2;
  }
  command(config, "set -lex CSWES -ld english_es -k1 CSWES -k2 CSWES -wmp false -s1 equity -r1 all -s2 equity -r2 all -threads 1");
  MoveList *all = move_list_create(400000);
  MoveList *one = move_list_create(1);
  MoveList *ten = move_list_create(10);
  FILE *in = fopen(argv[3], "r");
  if (in == NULL) {
    fprintf(stderr, "magpie-bench: cannot read %s\n", argv[3]);
    return 1;
  }
  char line[4096];
  char cmd[4200];
  while (fgets(line, sizeof line, in) != NULL) {
    line[strcspn(line, "\n")] = '\0';
    if (line[0] == '\0') {
      continue;
    }
    snprintf(cmd, sizeof cmd, "cgp %s", line);
    command(config, cmd);
    Game *game = config_get_game(config);
    const double t_all = generate(game, all, MOVE_RECORD_ALL);
    int placements = 0;
    for (int i = 0; i < move_list_get_count(all); i++) {
      if (move_get_type(move_list_get_move(all, i)) == GAME_EVENT_TILE_PLACEMENT_MOVE) {
        placements++;
      }
    }
    const double t_one = generate(game, one, MOVE_RECORD_BEST);
    const Move *best = move_list_get_move(one, 0);
    const int best_score = move_get_type(best) == GAME_EVENT_TILE_PLACEMENT_MOVE ? equity_to_int(move_get_score(best)) : 0;
    const double t_ten = generate(game, ten, MOVE_RECORD_ALL);
    printf("%d %.4f %.4f %.4f %d\n", placements, t_all, t_one, t_ten, best_score);
  }
  fclose(in);
  move_list_destroy(all);
  move_list_destroy(one);
  move_list_destroy(ten);
  error_stack_destroy(errors);
  config_destroy(config);
  return 0;
}
