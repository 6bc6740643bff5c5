//! The layers the library docs promise are crates of the workspace, so the
//! compiler keeps a layer from using one it does not depend on. What the
//! compiler cannot see is a dependency added in the wrong direction (the
//! hub depending on a family, a diagram on the site): this checks each
//! crate's dependencies against the layering the docs describe.

use std::collections::BTreeMap;
use std::process::Command;

/// Each workspace crate and the workspace crates it may depend on. The
/// rules below hold whatever this table says; the table places each crate.
const ALLOWED: &[(&str, &[&str])] = &[
    ("rulehub-game", &[]),
    ("rulehub-tafl", &["rulehub-game"]),
    ("rulehub-draughts", &["rulehub-game"]),
    ("rulehub-go", &["rulehub-game"]),
    ("rulehub-play", &["rulehub-game"]),
    (
        "rulehub-tafl-wasm",
        &["rulehub-game", "rulehub-tafl", "rulehub-play"],
    ),
    (
        "rulehub-draughts-wasm",
        &["rulehub-game", "rulehub-draughts", "rulehub-play"],
    ),
    // The room server referees every family the registry lists, through
    // the ground's one game trait; it names no family.
    ("rulehub-room", &["rulehub-game", "rulehub-registry"]),
    ("rulehub-core", &[]),
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
    // A family's page adapter: the seam and the layers it shows pages
    // through, over its own engine.
    (
        "rulehub-tafl-site",
        &[
            "rulehub-core",
            "rulehub-diagram",
            "rulehub-markdown",
            "rulehub-family",
            "rulehub-game",
            "rulehub-tafl",
        ],
    ),
    (
        "rulehub-draughts-site",
        &[
            "rulehub-core",
            "rulehub-diagram",
            "rulehub-markdown",
            "rulehub-family",
            "rulehub-game",
            "rulehub-draughts",
        ],
    ),
    (
        "rulehub-go-site",
        &[
            "rulehub-core",
            "rulehub-diagram",
            "rulehub-markdown",
            "rulehub-family",
            "rulehub-game",
            "rulehub-go",
        ],
    ),
    // One line a family.
    (
        "rulehub-registry",
        &[
            "rulehub-core",
            "rulehub-diagram",
            "rulehub-family",
            "rulehub-tafl-site",
            "rulehub-draughts-site",
            "rulehub-go-site",
        ],
    ),
    (
        "rulehub",
        &[
            "rulehub-core",
            "rulehub-diagram",
            "rulehub-markdown",
            "rulehub-family",
            "rulehub-registry",
            "rulehub-game",
            "rulehub-tafl",
            "rulehub-draughts",
            "rulehub-go",
            "rulehub-room",
        ],
    ),
];

/// The ground crate: geometry and the AI search, with no game in it.
const GROUND: &str = "rulehub-game";

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
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mut problems = Vec::new();
    for (name, dependencies) in workspace_dependencies() {
        let Some(may_use) = allowed.get(name.as_str()) else {
            problems.push(format!(
                "{name} is not placed in a layer: add it to ALLOWED with what it may depend on"
            ));
            continue;
        };
        for dependency in dependencies {
            if !may_use.contains(&dependency.as_str()) {
                problems.push(format!(
                    "{name} depends on {dependency}, a layer it may not use"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
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
            let above =
                ["rulehub-registry", "rulehub-room", "rulehub"].contains(&dependency.as_str());
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
    for (name, _) in ALLOWED {
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
