//! Derives the move automaton of `src/search/exact/duplicates` (the move sequences IDA* need
//! not search, Taylor & Korf 1993) and writes it as a table the crate includes.
#[path = "src/search/exact/duplicates/derive.rs"]
#[allow(dead_code)]
mod derive;

use std::fmt::Write as _;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/search/exact/duplicates/derive.rs");
    let patterns = derive::refused_sequences(derive::MAX_LEN);
    let automaton = derive::Automaton::from_patterns(&patterns);
    let mut out = String::new();
    writeln!(
        out,
        "/// Refused sequences of at most {} moves.",
        derive::MAX_LEN
    )
    .unwrap();
    writeln!(out, "#[allow(dead_code)] // read by the tests").unwrap();
    writeln!(out, "const PATTERNS: usize = {};", automaton.patterns).unwrap();
    writeln!(out, "static NEXT: [[u16; 4]; {}] = [", automaton.next.len()).unwrap();
    for row in &automaton.next {
        writeln!(out, "    {row:?},").unwrap();
    }
    out.push_str("];\n");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(format!("{dir}/move_automaton.rs"), out).expect("OUT_DIR is writable");
}
