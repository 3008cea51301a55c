//! The core's modules depend on each other in one direction only. Each layer may use the layers
//! before it and never one after it, so no two modules import each other:
//!
//! direction, stats → error → board → text, parity → limits → heuristic → search → shuffle, game, dataset,
//! records, teach
//!
//! (`picture` stands alone.) This reads the sources, so a new `use` that points the wrong way
//! fails here with the two files named.
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

const LAYERS: &[&[&str]] = &[
    &["direction", "stats", "picture"],
    &["error"],
    &["board"],
    &["text", "parity"],
    &["limits"],
    &["heuristic"],
    &["search"],
    &["shuffle", "game", "dataset", "records", "teach"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// `crate::Name` re-exported at the root → the module it comes from, read from lib.rs.
fn root_exports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.strip_prefix("pub use ") else {
            continue;
        };
        let (module, names) = rest.split_once("::").expect("pub use module::names");
        for name in names.trim_matches(|c| "{};".contains(c)).split(',') {
            out.insert(name.trim().to_string(), module.to_string());
        }
    }
    out
}

/// Every `crate::x` named outside `#[cfg(test)]` code in `text`.
fn uses(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.match_indices("crate::")
        .map(|(at, _)| {
            code[at + 7..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn modules_depend_on_earlier_layers_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let exports = root_exports(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_string();
        // a module's tests in a file of their own are test code, as `#[cfg(test)]` code is
        if module == "lib" || file.file_name().is_some_and(|f| f == "tests.rs") {
            continue;
        }
        let own = layer_of(&module).unwrap_or_else(|| panic!("{module} is in no layer"));
        for used in uses(&fs::read_to_string(file).unwrap()) {
            let target = exports.get(&used).cloned().unwrap_or(used);
            if target == module {
                continue;
            }
            let Some(theirs) = layer_of(&target) else {
                panic!(
                    "{} uses crate::{target}, which is in no layer",
                    rel.display()
                );
            };
            if theirs >= own {
                wrong.push(format!("{} uses {target}", rel.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers: {wrong:?}");
}

#[test]
fn the_check_sees_an_import_that_points_the_wrong_way() {
    assert_eq!(
        uses("use crate::search::Stats;\n#[cfg(test)]\nuse crate::game;"),
        ["search"]
    );
    let lib = "pub use search::{Algorithm, Stats};\npub use board::Board;";
    let exports = root_exports(lib);
    assert_eq!(exports["Stats"], "search");
    assert_eq!(exports["Board"], "board");
    assert!(layer_of("search") > layer_of("error"));
}

/// A file past 600 lines holds more than one concern; split it (see ARCHITECTURE.md).
#[test]
fn no_core_file_is_over_600_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = fs::read_to_string(f).unwrap().lines().count();
            (lines > 600).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these: {long:?}");
}

/// The sibling modules `text` names as `super::name` outside `#[cfg(test)]` code.
fn sibling_uses(text: &str, siblings: &[String]) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out: Vec<String> = code
        .match_indices("super::")
        .map(|(at, _)| {
            code[at + 7..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| siblings.contains(name))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Inside a folder too, imports run one way: no two sibling files import each other (as
/// search/auto.rs and search/registry.rs, or reduction/beam.rs and reduction/improve.rs did).
#[test]
fn sibling_modules_never_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut by_folder: BTreeMap<std::path::PathBuf, Vec<std::path::PathBuf>> = BTreeMap::new();
    for file in files {
        by_folder
            .entry(file.parent().unwrap().to_path_buf())
            .or_default()
            .push(file);
    }
    let mut cycles = Vec::new();
    for (folder, files) in &by_folder {
        let stem = |f: &std::path::PathBuf| f.file_stem().unwrap().to_string_lossy().to_string();
        let siblings: Vec<String> = files
            .iter()
            .map(stem)
            .filter(|s| s != "mod" && s != "lib")
            .collect();
        let edges: BTreeMap<String, Vec<String>> = files
            .iter()
            .filter(|f| siblings.contains(&stem(f)))
            .map(|f| {
                (
                    stem(f),
                    sibling_uses(&fs::read_to_string(f).unwrap(), &siblings),
                )
            })
            .collect();
        for (a, used) in &edges {
            for b in used {
                if a < b && edges.get(b).is_some_and(|back| back.contains(a)) {
                    cycles.push(format!("{}: {a} ⇄ {b}", folder.display()));
                }
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "sibling modules importing each other: {cycles:?}"
    );
}

#[test]
fn the_sibling_check_sees_an_import_and_skips_tests() {
    let siblings = vec!["beam".to_string(), "improve".to_string()];
    assert_eq!(
        sibling_uses(
            "use super::beam::beam;\nuse super::{Scratch, PLANS};\n#[cfg(test)]\nuse super::improve;",
            &siblings
        ),
        ["beam"]
    );
}

/// The search folder's floors, lowest first: a file may use its own floor and those below,
/// never one above (`search/mod.rs`'s `pub use` lines, the public names, excepted).
const SEARCH_FLOORS: &[&str] = &["solution", "exact", "reduction", "auto", "registry"];

/// The floor a file of `search/` stands on: its folder, or its file name; `mod.rs` at the top
/// with the registry.
fn search_floor(rel: &Path) -> usize {
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    let name = first.trim_end_matches(".rs");
    SEARCH_FLOORS
        .iter()
        .position(|f| *f == name)
        .unwrap_or(SEARCH_FLOORS.len() - 1)
}

/// The search floors `text` names outside tests, through `crate::search::floor::…`, a root
/// re-export `crate::search::Name` (looked up in `exports`), or `super::…` where the parent is
/// the search root (a floor's `mod.rs`, or a file directly in `search/`). `super::super` is
/// refused outright: cross-floor imports are written from `crate::search`.
fn search_uses(
    text: &str,
    exports: &BTreeMap<String, String>,
    parent_is_root: bool,
) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    // The first name of each path after `at`: one, or each of a `{…}` list.
    let idents = |at: usize| -> Vec<String> {
        let rest = &code[at..];
        let list = match rest.strip_prefix('{') {
            Some(inner) => &inner[..inner.find('}').unwrap_or(inner.len())],
            None => rest,
        };
        let first = |s: &str| -> String {
            s.trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        if rest.starts_with('{') {
            list.split(',').map(first).collect()
        } else {
            vec![first(list)]
        }
    };
    let mut out = Vec::new();
    let mut names = |first: String| {
        if SEARCH_FLOORS.contains(&first.as_str()) {
            out.push(first);
        } else if let Some(module) = exports.get(&first) {
            out.push(module.clone());
        }
    };
    for (at, _) in code.match_indices("crate::search::") {
        idents(at + 15).into_iter().for_each(&mut names);
    }
    if parent_is_root {
        for (at, _) in code.match_indices("super::") {
            idents(at + 7).into_iter().for_each(&mut names);
        }
    }
    if code.contains("super::super") {
        out.push("super::super".into());
    }
    out
}

/// `pub use floor::…::{Names}` and `pub use floor::{modules}` in `search/mod.rs`: each name to
/// the floor it comes from.
fn search_exports(root: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in root.lines() {
        let Some(rest) = line.strip_prefix("pub use ") else {
            continue;
        };
        let floor = rest.split("::").next().unwrap().to_string();
        if !SEARCH_FLOORS.contains(&floor.as_str()) {
            continue;
        }
        let last = rest.rsplit("::").next().unwrap();
        for name in last.trim_matches(|c| "{};".contains(c)).split(',') {
            out.insert(name.trim().to_string(), floor.clone());
        }
    }
    out
}

#[test]
fn the_search_folder_is_read_from_the_bottom_up() {
    let search = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/search");
    let exports = search_exports(&fs::read_to_string(search.join("mod.rs")).unwrap());
    let mut files = Vec::new();
    sources(&search, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&search).unwrap();
        if rel == Path::new("mod.rs") || file.file_name().is_some_and(|f| f == "tests.rs") {
            continue;
        }
        let own = search_floor(rel);
        let parent_is_root = rel.components().count() == 1 || rel.ends_with("mod.rs");
        for used in search_uses(&fs::read_to_string(file).unwrap(), &exports, parent_is_root) {
            match SEARCH_FLOORS.iter().position(|f| *f == used) {
                Some(theirs) if theirs <= own => {}
                _ => wrong.push(format!("{} uses {used}", rel.display())),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "search imports running up a floor: {wrong:?}"
    );
}

#[test]
fn the_floor_check_sees_an_import_from_above() {
    let exports =
        search_exports("pub use exact::idastar::{IdaStar, WeightedIdaStar};\npub use auto::Auto;");
    assert_eq!(exports["IdaStar"], "exact");
    assert_eq!(
        search_uses(
            "use crate::search::auto::beam::beam;\nuse crate::search::IdaStar;",
            &exports,
            false
        ),
        ["auto", "exact"]
    );
    assert_eq!(
        search_uses("use super::{check_start, Auto};", &exports, true),
        ["auto"]
    );
    assert!(search_uses("use super::beam;", &exports, false).is_empty());
    assert_eq!(
        search_uses("use super::super::auto;", &exports, false),
        ["super::super"]
    );
    assert!(search_floor(Path::new("exact/bfs.rs")) < search_floor(Path::new("auto/beam.rs")));
}
