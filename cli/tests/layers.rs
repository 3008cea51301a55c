//! The CLI's files depend on each other in one direction, so none imports a file that imports
//! it back (as common.rs, files.rs and output.rs once did, a circle of three):
//!
//! error → output → files → common, teach → bench, bench_large, play → main
//!
//! This reads the sources: a `crate::x` that points up a layer fails here with both files named.
use std::fs;
use std::path::{Path, PathBuf};

const LAYERS: &[&[&str]] = &[
    &["error"],
    &["output"],
    &["files"],
    &["common", "teach"],
    &["bench", "bench_large", "play"],
    &["main"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The `crate::x` modules `text` names outside `#[cfg(test)]` code (macros such as
/// `$crate::output::line` count too: they expand where they are used, from the file that
/// defines them).
fn uses(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out: Vec<String> = code
        .match_indices("crate::")
        .map(|(at, _)| {
            code[at + 7..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file of `src/` belongs to: `play/render.rs` is `play`.
fn module_of(rel: &Path) -> String {
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

#[test]
fn cli_files_depend_on_earlier_layers_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let module = module_of(rel);
        let own = layer_of(&module).unwrap_or_else(|| panic!("{module} is in no layer"));
        for used in uses(&fs::read_to_string(file).unwrap()) {
            if used == module {
                continue;
            }
            match layer_of(&used) {
                Some(theirs) if theirs < own => {}
                _ => wrong.push(format!("{} uses {used}", rel.display())),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "CLI imports against the layers: {wrong:?}"
    );
}

#[test]
fn the_check_sees_an_import_that_points_the_wrong_way() {
    assert_eq!(
        uses("use crate::files;\nuse crate::error::CliError;\n#[cfg(test)]\nuse crate::main;"),
        ["error", "files"]
    );
    assert_eq!(module_of(Path::new("play/render.rs")), "play");
    assert!(layer_of("files") > layer_of("output"));
    assert!(layer_of("error") < layer_of("files"));
}
