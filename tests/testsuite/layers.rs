//! The layers the library docs promise are crates of the workspace, so the
//! compiler keeps a layer from using one it does not depend on. What the
//! compiler cannot see is a dependency added in the wrong direction (the
//! hub depending on a family, a diagram on the site): this checks each
//! crate's dependencies against the layering the docs describe.

use std::collections::BTreeMap;
use std::process::Command;

/// The shared layers, and the shared layers each may depend on. A family's
/// crates are placed by rule, not listed here (see [`family_crates`]): a
/// family is added by its crates and a registry line, never a line of this
/// table.
const SHARED: &[(&str, &[&str])] = &[
    ("rulehub-game", &[]),
    ("rulehub-core", &[]),
    ("rulehub-play", &["rulehub-game"]),
    ("rulehub-diagram", &["rulehub-core", "rulehub-game"]),
    ("rulehub-markdown", &["rulehub-core"]),
    // The seam names no family.
    (
        "rulehub-family",
        &[
            "rulehub-core",
            "rulehub-diagram",
            "rulehub-markdown",
            "rulehub-game",
        ],
    ),
];

/// The ground crate: geometry, the one outcome, the one game trait and the
/// AI search, with no game in it.
const GROUND: &str = "rulehub-game";

/// The crates above the families, which find them through the registry.
const REGISTRY: &str = "rulehub-registry";
const ROOM: &str = "rulehub-room";
const BINARY: &str = "rulehub";

/// The crates that are a registered family's own: `rulehub-<family>` and
/// `rulehub-<family>-…`, for every family of the registry.
fn family_crates(crates: &BTreeMap<String, Vec<String>>) -> BTreeMap<String, &'static str> {
    let families: Vec<&'static str> = rulehub::family::FAMILIES.iter().map(|f| f.name()).collect();
    crates
        .keys()
        .filter_map(|name| {
            let rest = name.strip_prefix("rulehub-")?;
            families
                .iter()
                .find(|family| rest == **family || rest.starts_with(&format!("{family}-")))
                .map(|family| (name.clone(), *family))
        })
        .collect()
}

/// Each workspace crate's normal (not dev or build) dependencies on other
/// workspace crates, as `cargo metadata` reads the manifests.
fn workspace_dependencies() -> BTreeMap<String, Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let packages = metadata["packages"].as_array().expect("a package list");
    let members: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    packages
        .iter()
        .map(|package| {
            let name = package["name"].as_str().expect("a package name").to_owned();
            let dependencies = package["dependencies"]
                .as_array()
                .expect("a dependency list")
                .iter()
                .filter(|d| d["kind"].is_null())
                .filter_map(|d| d["name"].as_str())
                .filter(|d| members.contains(d))
                .map(str::to_owned)
                .collect();
            (name, dependencies)
        })
        .collect()
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    let crates = workspace_dependencies();
    let own = family_crates(&crates);
    let shared: BTreeMap<&str, &[&str]> = SHARED.iter().copied().collect();
    let is_shared = |name: &str| shared.contains_key(name);
    let mut problems = Vec::new();
    for (name, dependencies) in &crates {
        for dependency in dependencies {
            let allowed = if let Some(below) = shared.get(name.as_str()) {
                below.contains(&dependency.as_str())
            } else if let Some(family) = own.get(name) {
                // A family's crates: the shared layers and its own crates.
                is_shared(dependency) || own.get(dependency) == Some(family)
            } else if name == REGISTRY {
                // The one list: the seam's layers and every family's crates.
                is_shared(dependency) || own.contains_key(dependency)
            } else if name == ROOM {
                // The room server plays every family through the registry.
                [GROUND, REGISTRY].contains(&dependency.as_str())
            } else if name == BINARY {
                true
            } else {
                problems.push(format!(
                    "{name} is not placed: name it `rulehub-<family>…` for a registered family, or add it to SHARED with what it may depend on"
                ));
                break;
            };
            if !allowed {
                problems.push(format!(
                    "{name} depends on {dependency}, a layer it may not use"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn only_the_registry_and_the_binary_depend_on_a_familys_crates() {
    let crates = workspace_dependencies();
    let own = family_crates(&crates);
    for (name, dependencies) in &crates {
        if own.contains_key(name) || name == REGISTRY || name == BINARY {
            continue;
        }
        for dependency in dependencies {
            assert!(
                !own.contains_key(dependency),
                "{name} depends on {dependency}, a family's crate: only {REGISTRY} and {BINARY} may"
            );
        }
    }
}

#[test]
fn the_ground_crate_stands_on_nothing_and_a_familys_engine_only_on_the_ground() {
    let crates = workspace_dependencies();
    assert_eq!(
        crates.get(GROUND).map(Vec::len),
        Some(0),
        "{GROUND} depends on no workspace crate"
    );
    let own = family_crates(&crates);
    assert!(
        [
            "rulehub-tafl",
            "rulehub-draughts",
            "rulehub-go",
            "rulehub-go-site"
        ]
        .iter()
        .all(|name| own.contains_key(*name)),
        "every registered family has its engine crate: {own:?}"
    );
    for (name, family) in &own {
        for dependency in &crates[name] {
            let other_family = own.get(dependency).is_some_and(|f| f != family);
            let above = [REGISTRY, ROOM, BINARY].contains(&dependency.as_str());
            assert!(
                !other_family && !above,
                "{name}, a crate of the {family} family, depends on {dependency}: a family stands on {GROUND}, the shared layers and its own crates"
            );
        }
        // A family's engine stands on the ground alone.
        if name == &format!("rulehub-{family}") {
            assert_eq!(
                crates[name],
                vec![GROUND.to_string()],
                "{name}, the {family} engine, depends on {GROUND} only"
            );
        }
    }
}

#[test]
fn the_shared_layers_know_no_family() {
    let crates = workspace_dependencies();
    let own = family_crates(&crates);
    for shared in [
        GROUND,
        "rulehub-core",
        "rulehub-diagram",
        "rulehub-markdown",
        "rulehub-play",
    ] {
        for dependency in &crates[shared] {
            assert!(
                !own.contains_key(dependency),
                "{shared} depends on {dependency}, a family's crate"
            );
        }
    }
}

#[test]
fn the_layer_table_names_only_workspace_crates() {
    let crates = workspace_dependencies();
    for (name, _) in SHARED {
        assert!(
            crates.contains_key(*name),
            "{name} is not a workspace crate"
        );
    }
}

#[test]
fn every_registered_family_has_a_unique_name_and_declares_its_fact_labels() {
    let mut names: Vec<&str> = rulehub::family::FAMILIES.iter().map(|f| f.name()).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "two families share a name");
    let messages = rulehub::site::required_messages();
    for family in rulehub::family::FAMILIES {
        for label in family.fact_labels() {
            assert!(
                messages.contains(label),
                "{} label `{label}` is not a required message",
                family.name()
            );
        }
    }
}

#[test]
fn an_unknown_family_is_named_with_the_known_ones() {
    let message = rulehub::family::find("chess")
        .err()
        .expect("no chess family");
    assert!(message.contains("`chess`"), "{message}");
    assert!(message.contains("tafl"), "{message}");
}

/// Where a family is named in production code (src/, the crates' sources and
/// assets, themes/, scripts/): a family's name appears only in its own
/// crates and on its registry line. A test module (`tests.rs`, a
/// `#[cfg(test)]` section, a `tests/` folder) may name any family. Names
/// of three letters or fewer (`go`) are common words, so only the longer
/// ones are searched for.
#[test]
fn production_code_names_a_family_only_in_its_own_crates_and_the_registry_line() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let families: Vec<&str> = rulehub::family::FAMILIES
        .iter()
        .map(|f| f.name())
        .filter(|name| name.len() > 3)
        .collect();
    let mut found = Vec::new();
    let mut files = Vec::new();
    for dir in ["src", "themes", "scripts"] {
        files.extend(walk(&root.join(dir)));
    }
    for entry in std::fs::read_dir(root.join("crates")).expect("crates/") {
        let krate = entry.expect("a crate folder").path();
        for dir in ["src", "assets"] {
            files.extend(walk(&krate.join(dir)));
        }
    }
    for path in files {
        let relative = path.strip_prefix(root).expect("under the root");
        let shown = relative.display().to_string();
        if relative.components().any(|c| c.as_os_str() == "tests")
            || path.file_name().is_some_and(|n| n == "tests.rs")
        {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // not text (a wasm module)
        };
        let own = families
            .iter()
            .find(|family| {
                shown.starts_with(&format!("crates/rulehub-{family}/"))
                    || shown.starts_with(&format!("crates/rulehub-{family}-"))
            })
            .copied();
        for (number, line) in text.lines().enumerate() {
            if shown.ends_with(".rs") && line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            let words: Vec<String> = line
                .split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .collect();
            for family in &families {
                let registry_line = shown == "crates/rulehub-registry/src/lib.rs"
                    && line.contains(&format!("rulehub_{family}_site::"));
                if Some(*family) != own && !registry_line && words.iter().any(|word| word == family)
                {
                    found.push(format!("{shown}:{}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a family named outside its crates and its registry line:\n{}",
        found.join("\n")
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    if !dir.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|entry| entry.expect("a readable file"))
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| entry.into_path())
        .collect()
}
