//! Shared helpers for the CLI and site tests: fixture hubs copied into a
//! temporary folder, so each test may break its own copy.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

pub fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A fixture hub copied into a temporary folder.
pub struct Hub {
    pub dir: tempfile::TempDir,
}

impl Hub {
    pub fn copy(name: &str) -> Hub {
        let dir = tempfile::tempdir().expect("temporary folder");
        copy_tree(&fixture_path(name), dir.path());
        Hub { dir }
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn write(&self, rel: &str, text: impl AsRef<[u8]>) -> &Hub {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().expect("has a parent")).expect("create folders");
        std::fs::write(path, text).expect("write fixture file");
        self
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).expect("read fixture file")
    }

    /// Replaces `from` with `to` in a file, failing if `from` is absent.
    pub fn edit(&self, rel: &str, from: &str, to: &str) -> &Hub {
        let text = self.read(rel);
        assert!(text.contains(from), "{rel} does not contain {from:?}");
        self.write(rel, text.replacen(from, to, 1))
    }

    pub fn remove(&self, rel: &str) -> &Hub {
        let path = self.path(rel);
        if path.is_dir() {
            std::fs::remove_dir_all(path).expect("remove folder");
        } else {
            std::fs::remove_file(path).expect("remove file");
        }
        self
    }

    pub fn rulehub(&self, args: &[&str]) -> Command {
        let mut command = Command::cargo_bin("rulehub").expect("binary is built");
        let (subcommand, rest) = args.split_first().expect("a subcommand");
        command
            .arg(subcommand)
            .arg("--root")
            .arg(self.root())
            .args(rest)
            .env("NO_COLOR", "1");
        command
    }
}

pub fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walk fixture");
        let target = to.join(entry.path().strip_prefix(from).expect("inside fixture"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("create folder");
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}

/// Every file under `dir`, relative path → bytes.
pub fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk output"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .expect("inside")
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read(e.path()).expect("read output"))
        })
        .collect()
}

/// One board of an SVG sheet (`examples.svg`, `game-{id}.svg`) as a
/// document of its own, the way a browser shows `sheet.svg#view`: the
/// sheet's style sheet and symbols, the view's box and that board only.
/// Panics when the sheet has no such view.
pub fn board_on_sheet(sheet: &str, view: &str) -> String {
    let tag = format!("<view id=\"{view}\" viewBox=\"");
    let start = sheet
        .find(&tag)
        .unwrap_or_else(|| panic!("no view `{view}` on the sheet:\n{sheet}"));
    let view_box = &sheet[start + tag.len()..];
    let view_box = &view_box[..view_box.find('"').expect("a closed viewBox")];
    let board = &sheet[start..];
    let board = &board[board.find("<g ").expect("the view's board follows it")..];
    let end = board
        .find("<view ")
        .or_else(|| board.rfind("</svg>"))
        .expect("the sheet ends");
    let head = &sheet[..sheet.find("<view ").expect("the sheet has views")];
    let root_box = &head[head.find("viewBox=\"").expect("a root viewBox") + 9..];
    let root_box = &root_box[..root_box.find('"').expect("a closed viewBox")];
    format!(
        "{}{}</svg>\n",
        head.replacen(root_box, view_box, 1),
        &board[..end]
    )
}

/// Runs rulehub from inside the hub with `--root .`, as CI does from the
/// checkout, so the paths it prints are relative and stable.
pub fn rulehub_in(hub: &Hub, args: &[&str]) -> std::process::Output {
    let (subcommand, rest) = args.split_first().expect("a subcommand");
    Command::cargo_bin("rulehub")
        .expect("binary is built")
        .current_dir(hub.root())
        .arg(subcommand)
        .args(["--root", "."])
        .args(rest)
        .env("NO_COLOR", "1")
        .output()
        .expect("rulehub runs")
}

/// Runs git in the hub with a test identity and no user or system
/// configuration; fails the test when git fails.
pub fn git(hub: &Hub, args: &[&str]) {
    let status = std::process::Command::new("git")
        .current_dir(hub.root())
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.org"])
        .args(args)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}
