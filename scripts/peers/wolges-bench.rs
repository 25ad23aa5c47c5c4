// Planilla's timing harness for wolges' move generator (scripts/bench/peers.mjs builds it).
//
// Our own glue, not wolges code: it is compiled as a std-only crate in a temporary folder where
// `wolges-src` links to a wolges checkout's `src/`, whose modules it pulls in by `#[path]`
// (no crates are reachable, so `num_cpus` is a local stand-in crate and `display::column` a
// two-line stand-in). Nothing of wolges is copied into Planilla's repository.
//
// Usage:
//   wolges-bench build WORDS OUT.kwg   words: one word a line, tile codes 1–28 separated by
//                                      commas (Spanish order, as Planilla numbers tiles); writes
//                                      a GADDAG+DAWG .kwg with wolges' own builder
//   wolges-bench run KWG POSITIONS     positions: one a line, `board;rack`, board = 225 codes
//                                      (0 empty, 1–28 a tile, 128+t a blank as t), rack = codes
//                                      (0 the blank). Prints one line a position:
//                                      `placements all_ms best1_ms best10_ms best_score`
//                                      (CPU time of the generation call alone, zero leaves).

#[macro_use]
#[path = "wolges-src/error.rs"]
pub mod error;
#[path = "wolges-src/alphabet.rs"]
pub mod alphabet;
#[path = "wolges-src/bites.rs"]
pub mod bites;
#[path = "wolges-src/bites_str.rs"]
pub mod bites_str;
#[path = "wolges-src/board_layout.rs"]
pub mod board_layout;
#[path = "wolges-src/build.rs"]
pub mod build;
#[path = "wolges-src/census.rs"]
pub mod census;
#[path = "wolges-src/equity.rs"]
pub mod equity;
#[path = "wolges-src/fash.rs"]
pub mod fash;
#[path = "wolges-src/game_config.rs"]
pub mod game_config;
#[path = "wolges-src/klv.rs"]
pub mod klv;
#[path = "wolges-src/kwg.rs"]
pub mod kwg;
#[path = "wolges-src/matrix.rs"]
pub mod matrix;
#[path = "wolges-src/movegen.rs"]
pub mod movegen;
#[path = "wolges-src/prob.rs"]
pub mod prob;

/// Stand-in for the one display helper the generator's move printing names.
pub mod display {
    pub fn column(col: i8) -> char {
        (b'A' + col as u8) as char
    }
}

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
unsafe extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}
/// CPU time of this process (user + system), in ms (CLOCK_PROCESS_CPUTIME_ID on Linux).
fn cpu_ms() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    unsafe {
        clock_gettime(2, &mut t);
    }
    t.sec as f64 * 1e3 + t.nsec as f64 / 1e6
}

fn codes(text: &str) -> Vec<u8> {
    text.split(',').filter(|s| !s.is_empty()).map(|s| s.trim().parse::<u8>().expect("a tile code")).collect()
}

fn main() -> error::Returns<()> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("build") => {
            let text = std::fs::read_to_string(&args[2])?;
            let mut words: Vec<bites::Bites> = text.lines().filter(|l| !l.is_empty()).map(|l| codes(l)[..].into()).collect();
            words.sort_unstable();
            words.dedup();
            let bytes = build::build(build::BuildContent::Gaddawg, build::BuildLayout::Wolges, &words)?;
            std::fs::write(&args[3], &bytes[..])?;
            eprintln!("{} words, {} bytes", words.len(), bytes.len());
        }
        Some("run") => {
            let kwg = kwg::Kwg::<kwg::Node22>::from_bytes_alloc(&std::fs::read(&args[2])?);
            let klv = klv::Klv::<kwg::Node22>::from_bytes_alloc(klv::EMPTY_KLV_BYTES);
            let game_config = game_config::make_spanish_game_config();
            let mut generator = movegen::KurniaMoveGenerator::new(&game_config);
            let text = std::fs::read_to_string(&args[3])?;
            let mut out = String::new();
            for line in text.lines().filter(|l| !l.is_empty()) {
                let (board_text, rack_text) = line.split_once(';').expect("board;rack");
                let board_tiles = codes(board_text);
                let rack = codes(rack_text);
                let snapshot = movegen::BoardSnapshot { board_tiles: &board_tiles, game_config: &game_config, kwg: &kwg, klv: &klv };
                let mut times = [0f64; 3];
                let mut placements = 0usize;
                let mut best_score = 0i32;
                for (k, max_gen) in [usize::MAX, 1, 10].into_iter().enumerate() {
                    let params = movegen::GenMovesParams {
                        board_snapshot: &snapshot,
                        rack: &rack,
                        max_gen,
                        num_exchanges_by_this_player: 0,
                        always_include_pass: false,
                        dynamic_leaves: None,
                    };
                    let t0 = cpu_ms();
                    generator.gen_moves_unfiltered(&params);
                    times[k] = cpu_ms() - t0;
                    if k == 0 {
                        placements = generator.plays.iter().filter(|p| matches!(p.play, movegen::Play::Place { .. })).count();
                    } else if k == 1 {
                        if let Some(movegen::ValuedMove { play: movegen::Play::Place { score, .. }, .. }) = generator.plays.first() {
                            best_score = *score / equity::SCALE; // scores are kept in thousandths
                        }
                    }
                }
                out.push_str(&format!("{} {:.4} {:.4} {:.4} {}\n", placements, times[0], times[1], times[2], best_score));
            }
            print!("{out}");
        }
        _ => {
            eprintln!("usage: wolges-bench build WORDS OUT.kwg | run KWG POSITIONS");
            std::process::exit(2);
        }
    }
    Ok(())
}
