//! Installing rulehub without compiling it, and checking a hub repository
//! with it: the release archives (.github/release/pack.sh), install.sh,
//! the action's scripts (.github/action/), `check --report` for two
//! reports from one run, and the one repository address they all share
//! (Cargo.toml's `repository`). Releases are faked as `file://` folders,
//! so every test stays offline.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::Hub;

fn source_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(source_root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The `repository` of `[workspace.package]` in Cargo.toml: the one place
/// that names rulehub's public repository.
pub fn repository() -> String {
    let manifest = read("Cargo.toml");
    let section = manifest
        .split("\n[workspace.package]\n")
        .nth(1)
        .expect("Cargo.toml has a [workspace.package] table");
    let section = section.split("\n[").next().unwrap_or(section);
    section
        .lines()
        .find_map(|line| line.strip_prefix("repository = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("[workspace.package] names the repository")
        .to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn shell(program: &str, script: &Path) -> Command {
    let mut command = Command::new(program);
    command.arg(script).env("NO_COLOR", "1");
    command
}

fn run(command: &mut Command) -> Output {
    command.output().expect("the shell runs")
}

fn rulehub_binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("rulehub")
}

// ---- one repository address ----------------------------------------------

#[test]
fn every_crate_takes_the_repository_from_the_workspace() {
    let repository = repository();
    assert!(
        repository.starts_with("https://github.com/"),
        "the action is used as OWNER/NAME@REF, so the repository is on GitHub: {repository}"
    );
    let mut manifests = vec![PathBuf::from("Cargo.toml")];
    for entry in std::fs::read_dir(source_root().join("crates")).expect("crates/") {
        let entry = entry.expect("a crate folder");
        manifests.push(
            Path::new("crates")
                .join(entry.file_name())
                .join("Cargo.toml"),
        );
    }
    for manifest in manifests {
        let text = read(&manifest.to_string_lossy());
        let package = text.split("\n[").next().unwrap_or(&text);
        for key in ["version", "license", "repository", "readme"] {
            assert!(
                package.contains(&format!("\n{key}.workspace = true\n")),
                "{}: [package] takes {key} from [workspace.package]",
                manifest.display()
            );
        }
        assert!(
            package.contains("\ndescription = \""),
            "{} has a description",
            manifest.display()
        );
    }
}

/// Every `OWNER/NAME` that a text names as rulehub's (a github.com address
/// or `uses: OWNER/NAME@`), as `https://github.com/OWNER/NAME`.
fn rulehub_addresses(text: &str) -> Vec<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
    let mut found = Vec::new();
    for (at, _) in text.match_indices("github.com/") {
        let rest = &text[at + "github.com/".len()..];
        let mut parts = rest.splitn(3, '/');
        let owner: String = parts
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|&c| word(c))
            .collect();
        let name: String = parts
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|&c| word(c))
            .collect();
        if owner == "rulehub" || name == "rulehub" {
            found.push(format!("https://github.com/{owner}/{name}"));
        }
    }
    for (at, _) in text.match_indices("rulehub@") {
        let before = &text[..at];
        let start = before
            .rfind(|c: char| c.is_whitespace() || c == '`')
            .map_or(0, |i| i + 1);
        let owner = &before[start..];
        if let Some(owner) = owner.strip_suffix('/') {
            found.push(format!("https://github.com/{owner}/rulehub"));
        }
    }
    found
}

#[test]
fn documents_and_scripts_name_only_the_repository_in_cargo_toml() {
    let repository = repository();
    let mut files = vec![
        "README.md".to_string(),
        "install.sh".to_string(),
        "action.yml".to_string(),
    ];
    for folder in ["docs", "docs/ci", ".github/workflows", ".github/action"] {
        for entry in std::fs::read_dir(source_root().join(folder)).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_file() {
                let rel = path.strip_prefix(source_root()).expect("inside");
                files.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    let mut named = 0;
    for file in &files {
        for address in rulehub_addresses(&read(file)) {
            assert_eq!(
                address, repository,
                "{file} names {address}, but Cargo.toml's repository is {repository}"
            );
            named += 1;
        }
    }
    assert!(named >= 3, "the docs name the repository ({named} times)");
    assert!(
        read("install.sh").contains(&format!("RULEHUB_REPOSITORY:-{repository}}}")),
        "install.sh downloads from Cargo.toml's repository by default"
    );
    assert!(
        read("docs/ci/gitlab-ci.yml").contains(&format!("RULEHUB_REPOSITORY: \"{repository}\"")),
        "the GitLab pipeline installs from Cargo.toml's repository"
    );
}

#[test]
fn the_address_finder_sees_what_a_document_could_name() {
    let found = rulehub_addresses(
        "see https://github.com/someone/rulehub/releases and `uses: other/rulehub@v1`, \
         not https://github.com/actions/checkout",
    );
    assert_eq!(
        found,
        [
            "https://github.com/someone/rulehub",
            "https://github.com/other/rulehub"
        ]
    );
}

// ---- one check, two reports ----------------------------------------------

#[test]
fn one_check_prints_annotations_and_writes_a_junit_report() {
    let hub = Hub::copy("wrong-examples");
    let junit = hub.path("report.xml");
    let json = hub.path("report.json");
    let output = hub
        .rulehub(&["check", "--message-format", "github"])
        .arg("--report")
        .arg(format!("junit={}", junit.display()))
        .arg("--report")
        .arg(format!("json={}", json.display()))
        .output()
        .expect("rulehub runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains(",line=17,col=9,") && stdout.starts_with("::error file="),
        "annotations on stdout: {stdout}"
    );
    assert!(
        !stdout.contains("<testsuites"),
        "the JUnit report is not on stdout"
    );
    let report = std::fs::read_to_string(&junit).expect("the JUnit report is written");
    assert!(report.contains("failures=\"8\""), "{report}");
    assert!(
        report.contains("name=\"example illegal-shown-as-legal\""),
        "the report lists the pages' examples: {report}"
    );
    let lines = std::fs::read_to_string(&json).expect("the json report is written");
    assert_eq!(lines.lines().count(), 8, "{lines}");
}

#[test]
fn a_report_names_a_machine_format_and_a_file() {
    let hub = Hub::copy("mini");
    for (value, says) in [
        ("junit", "is not FORMAT=FILE"),
        ("human=log.txt", "`human` is not a report format"),
        ("xml=log.txt", "`xml` is not a report format"),
        ("junit=", "names no file"),
    ] {
        let output = hub
            .rulehub(&["check", "--report", value])
            .output()
            .expect("rulehub runs");
        assert_eq!(output.status.code(), Some(2), "--report {value}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(says), "--report {value}: {stderr}");
    }
    let output = hub
        .rulehub(&["check", "--report", "junit=no/such/folder/report.xml"])
        .output()
        .expect("rulehub runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot write the report to no/such/folder/report.xml"));
}

// ---- the action's check script ---------------------------------------------

fn action_check(workdir: &Path, root: &str, args: &str) -> Output {
    run(
        shell("bash", &source_root().join(".github/action/check.sh"))
            .current_dir(workdir)
            .env("RULEHUB", rulehub_binary())
            .env("RULEHUB_ROOT", root)
            .env("RULEHUB_ARGS", args)
            .env("RULEHUB_JUNIT", "rulehub-junit.xml"),
    )
}

#[test]
fn the_action_fails_a_hub_with_a_wrong_example_at_its_line() {
    let hub = Hub::copy("wrong-examples");
    let output = action_check(hub.root(), ".", "");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("::error file=content/tafl/tablut.md,line=17,col=9,"),
        "the annotation points at the wrong example in the checkout: {stdout}"
    );
    assert!(hub.read("rulehub-junit.xml").contains("failures=\"8\""));
    assert!(text(&output.stderr).contains("has errors"));
}

#[test]
fn the_action_passes_a_good_hub_in_a_subfolder_with_extra_arguments() {
    let checkout = tempfile::tempdir().expect("a temporary folder");
    common::copy_tree(&common::fixture_path("mini"), &checkout.path().join("site"));
    let output = action_check(checkout.path(), "site", "--deny warnings");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let report = std::fs::read_to_string(checkout.path().join("rulehub-junit.xml"))
        .expect("the report is written where the action runs");
    assert!(report.contains("failures=\"0\""), "{report}");
    assert!(
        report.contains("file=\"site/content/"),
        "paths are from the checkout's top: {report}"
    );
}

#[test]
fn the_action_says_when_the_hub_root_is_wrong() {
    let hub = Hub::copy("mini");
    let output = action_check(hub.root(), "site", "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stdout).contains("::error title=rulehub action::the hub root 'site'"),
        "{}",
        text(&output.stdout)
    );
}

// ---- release archives, install.sh and the action's install -----------------

/// The release target of this machine, as install.sh picks it.
fn this_target() -> Option<&'static str> {
    match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => Some("x86_64-unknown-linux-musl"),
        ("linux", "aarch64") => Some("aarch64-unknown-linux-musl"),
        ("macos", "x86_64") => Some("x86_64-apple-darwin"),
        ("macos", "aarch64") => Some("aarch64-apple-darwin"),
        _ => None,
    }
}

/// A release folder laid out as GitHub serves one, holding an archive for
/// this machine made by the release workflow's pack.sh around `binary`.
struct FakeRelease {
    dir: tempfile::TempDir,
    target: &'static str,
}

impl FakeRelease {
    fn new(version: &str, binary: &Path) -> FakeRelease {
        let target = this_target().expect("a machine release binaries exist for");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("releases/download").join(version);
        let packed = run(Command::new("sh")
            .arg(source_root().join(".github/release/pack.sh"))
            .arg(target)
            .arg(binary)
            .arg(&out));
        assert!(packed.status.success(), "{}", text(&packed.stderr));
        FakeRelease { dir, target }
    }

    fn url(&self) -> String {
        format!("file://{}", self.dir.path().display())
    }

    fn file(&self, version: &str, name: &str) -> PathBuf {
        self.dir
            .path()
            .join("releases/download")
            .join(version)
            .join(name)
    }

    fn archive(&self) -> String {
        format!("rulehub-{}.tar.gz", self.target)
    }
}

/// A stand-in binary: install.sh runs `--version` on what it installed.
fn stand_in_binary(folder: &Path) -> PathBuf {
    let path = folder.join("rulehub");
    std::fs::write(&path, "#!/bin/sh\necho 'rulehub 0.1.0 (stand-in)'\n").expect("write");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    path
}

fn install_sh(release: &FakeRelease, into: &Path, args: &[&str]) -> Output {
    run(shell("sh", &source_root().join("install.sh"))
        .args(args)
        .env("RULEHUB_REPOSITORY", release.url())
        .env("RULEHUB_INSTALL_DIR", into))
}

fn can_fake_releases() -> bool {
    // curl reads file:// addresses; wget, install.sh's other downloader, does not.
    let curl = Command::new("curl").arg("--version").output();
    this_target().is_some() && curl.is_ok_and(|o| o.status.success())
}

#[test]
fn install_sh_installs_the_archive_for_this_machine_once_its_checksum_matches() {
    assert!(
        can_fake_releases(),
        "this test needs curl and a Linux or macOS machine on x86_64 or aarch64"
    );
    let work = tempfile::tempdir().expect("a temporary folder");
    let release = FakeRelease::new("v0.1.0", &stand_in_binary(work.path()));
    let bin = work.path().join("bin");

    let output = install_sh(&release, &bin, &["--version", "v0.1.0"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("installed rulehub 0.1.0 (stand-in)"));
    let installed = run(&mut Command::new(bin.join("rulehub")));
    assert_eq!(text(&installed.stdout), "rulehub 0.1.0 (stand-in)\n");

    // A version without the v, and the same archive again, replaced in place.
    let output = install_sh(&release, &bin, &["--version=0.1.0"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));

    // A download that does not match its checksum installs nothing.
    std::fs::remove_file(bin.join("rulehub")).expect("remove");
    let sum = release.file("v0.1.0", &format!("{}.sha256", release.archive()));
    let line = std::fs::read_to_string(&sum).expect("the checksum file");
    let forged = format!("{}{}", "0".repeat(64), &line[64..]);
    std::fs::write(&sum, forged).expect("write");
    let output = install_sh(&release, &bin, &["--version", "v0.1.0"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("does not match its checksum"),
        "{}",
        text(&output.stderr)
    );
    assert!(!bin.join("rulehub").exists(), "nothing was installed");
}

#[test]
fn install_sh_says_when_a_release_or_a_version_does_not_exist() {
    assert!(
        can_fake_releases(),
        "this test needs curl and a Linux or macOS machine on x86_64 or aarch64"
    );
    let work = tempfile::tempdir().expect("a temporary folder");
    let release = FakeRelease::new("v0.1.0", &stand_in_binary(work.path()));
    let bin = work.path().join("bin");

    let output = install_sh(&release, &bin, &["--version", "v9.9.9"]);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("release v9.9.9 of rulehub has no archive for")
            && stderr.contains("cargo install --locked --git"),
        "{stderr}"
    );

    let output = install_sh(&release, &bin, &["--version", "latest-please"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("write it as vX.Y.Z"));

    let output = install_sh(&release, &bin, &["--to", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("unknown argument '--to'"));
    assert!(!bin.exists());
}

/// Runs `.github/action/setup.sh` as action.yml does; returns the
/// `key=value` lines it wrote to GITHUB_OUTPUT.
fn action_setup(step: &str, env: &[(&str, String)]) -> (Output, Vec<(String, String)>) {
    let outputs = tempfile::NamedTempFile::new().expect("a temporary file");
    let mut command = shell("bash", &source_root().join(".github/action/setup.sh"));
    command
        .arg(step)
        .env("GITHUB_ACTION_PATH", source_root())
        .env("GITHUB_OUTPUT", outputs.path())
        .env_remove("RUNNER_OS")
        .env_remove("RUNNER_ARCH")
        .env_remove("INPUT_VERSION");
    for (name, value) in env {
        command.env(name, value);
    }
    let output = run(&mut command);
    let written = std::fs::read_to_string(outputs.path()).expect("read the outputs");
    let pairs = written
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    (output, pairs)
}

fn get<'a>(pairs: &'a [(String, String)], key: &str) -> &'a str {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no output {key} in {pairs:?}"))
}

#[test]
fn the_action_installs_the_release_binary_and_builds_only_without_one() {
    assert!(
        can_fake_releases(),
        "this test needs curl and a Linux or macOS machine on x86_64 or aarch64"
    );
    let work = tempfile::tempdir().expect("a temporary folder");
    let version = format!("v{}", env!("CARGO_PKG_VERSION"));
    let release = FakeRelease::new(&version, &rulehub_binary());
    let tools = work.path().join("tools");
    let base = [
        ("RULEHUB_REPOSITORY", release.url()),
        ("RULEHUB_TOOLS", tools.display().to_string()),
    ];

    // Its own version has a release for this machine: that is installed.
    let (output, plan) = action_setup("plan", &base);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(get(&plan, "version"), version);
    assert_eq!(get(&plan, "from"), "release");
    assert_eq!(
        get(&plan, "key"),
        format!("rulehub-{version}-{}-release", release.target)
    );
    let dir = PathBuf::from(get(&plan, "dir"));
    assert!(dir.starts_with(&tools));
    let mut env = base.to_vec();
    for (name, key) in [
        ("RULEHUB_VERSION", "version"),
        ("RULEHUB_FROM", "from"),
        ("RULEHUB_DIR", "dir"),
    ] {
        env.push((name, get(&plan, key).to_string()));
    }
    let (output, _) = action_setup("install", &env);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let hub = Hub::copy("wrong-examples");
    let checked = run(
        shell("bash", &source_root().join(".github/action/check.sh"))
            .current_dir(hub.root())
            .env("RULEHUB", dir.join("rulehub")),
    );
    assert_eq!(checked.status.code(), Some(1));
    assert!(text(&checked.stdout).contains("::error file=content/tafl/tablut.md,line=17,"));

    // Another version without a release is built from its tag.
    let mut other = base.to_vec();
    other.push(("INPUT_VERSION", "v9.9.9".to_string()));
    let (output, plan) = action_setup("plan", &other);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(get(&plan, "from"), "tag");

    // No release for this runner at all: the action's own source is built,
    // cached under a key that changes with every file the build reads.
    let empty = tempfile::tempdir().expect("a temporary folder");
    let none = [
        (
            "RULEHUB_REPOSITORY",
            format!("file://{}", empty.path().display()),
        ),
        ("RULEHUB_TOOLS", tools.display().to_string()),
    ];
    let (output, plan) = action_setup("plan", &none);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(get(&plan, "from"), "source");
    let key = get(&plan, "key");
    let hash = key.rsplit('-').next().expect("a hash at the end");
    assert!(
        key.starts_with(&format!("rulehub-{version}-")) && hash.len() == 64,
        "{key}"
    );

    let (output, _) = action_setup("plan", &[("INPUT_VERSION", "newest".to_string())]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("version 'newest' is not a release"));
}

#[test]
fn the_action_hashes_every_folder_a_build_reads() {
    let setup = read(".github/action/setup.sh");
    let line = setup
        .lines()
        .find(|line| line.contains("find Cargo.lock"))
        .expect("setup.sh hashes the source with find");
    for part in [
        "Cargo.lock",
        "Cargo.toml",
        "crates",
        "src",
        "templates",
        "themes",
    ] {
        assert!(
            line.split_whitespace().any(|word| word == part),
            "the source build's cache key covers {part}: {line}"
        );
    }
}

/// A folder that is at once a git repository with the tag `version` and a
/// releases page (`releases/download/VERSION/…`), so that one `file://`
/// address serves both `git ls-remote` and curl, as GitHub serves both.
fn fake_repository_with_tag(version: &str, binary: &Path) -> FakeRelease {
    let release = FakeRelease::new(version, binary);
    std::fs::copy(
        source_root().join("install.sh"),
        release.file(version, "install.sh"),
    )
    .expect("the release carries install.sh");
    for args in [
        &["init", "-q"][..],
        &["add", "."],
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.org",
            "commit",
            "-qm",
            "release",
        ],
        &["tag", version],
    ] {
        let done = run(Command::new("git")
            .args(args)
            .current_dir(release.dir.path())
            .env("GIT_CONFIG_GLOBAL", "/dev/null"));
        assert!(
            done.status.success(),
            "git {args:?}: {}",
            text(&done.stderr)
        );
    }
    release
}

#[test]
fn the_gitlab_pipeline_installs_the_newest_release_once() {
    assert!(
        can_fake_releases(),
        "this test needs curl and a Linux or macOS machine on x86_64 or aarch64"
    );
    let work = tempfile::tempdir().expect("a temporary folder");
    let repository = fake_repository_with_tag("v0.1.0", &stand_in_binary(work.path()));
    let pipeline: serde_yaml::Value =
        serde_yaml::from_str(&read("docs/ci/gitlab-ci.yml")).expect("YAML");
    let mut script = String::new();
    for (name, value) in pipeline["variables"].as_mapping().expect("variables") {
        let (name, value) = (
            name.as_str().expect("a name"),
            value.as_str().expect("text"),
        );
        script.push_str(&format!("export {name}=\"{value}\"\n"));
    }
    // The same pipeline, with rulehub's repository served from a folder.
    script.push_str(&format!(
        "export RULEHUB_REPOSITORY=\"{}\"\n",
        repository.url()
    ));
    for line in pipeline[".rulehub"]["before_script"]
        .as_sequence()
        .expect("before_script")
    {
        script.push_str(line.as_str().expect("text"));
        script.push('\n');
    }
    let hub = Hub::copy("mini");
    let before_script = || {
        run(Command::new("bash")
            .args(["-e", "-o", "pipefail", "-c", &script])
            .current_dir(hub.root())
            .env("CI_PROJECT_DIR", hub.root())
            .env("GIT_CONFIG_GLOBAL", "/dev/null"))
    };

    let first = before_script();
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(
        text(&first.stderr).contains("installed rulehub 0.1.0 (stand-in)"),
        "the newest tag's release is installed: {}",
        text(&first.stderr)
    );
    assert_eq!(text(&first.stdout), "rulehub 0.1.0 (stand-in)\n");
    assert_eq!(hub.read(".rulehub/version").trim(), "v0.1.0");

    let second = before_script();
    assert!(second.status.success(), "{}", text(&second.stderr));
    assert!(
        !text(&second.stderr).contains("downloading"),
        "a cached binary of the wanted version is kept: {}",
        text(&second.stderr)
    );

    hub.write(".rulehub/version", "v0.0.9\n");
    let stale = before_script();
    assert!(stale.status.success(), "{}", text(&stale.stderr));
    assert!(
        text(&stale.stderr).contains("downloading"),
        "a binary of another version is replaced"
    );
}

#[test]
fn the_release_builds_every_target_the_installers_and_readme_name() {
    let workflow: serde_yaml::Value =
        serde_yaml::from_str(&read(".github/workflows/release.yml")).expect("YAML");
    let mut targets: Vec<String> = workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
        .as_sequence()
        .expect("a matrix of targets")
        .iter()
        .map(|entry| entry["target"].as_str().expect("a target").to_string())
        .collect();
    targets.sort();
    assert_eq!(
        targets,
        [
            "aarch64-apple-darwin",
            "aarch64-unknown-linux-musl",
            "x86_64-apple-darwin",
            "x86_64-pc-windows-msvc",
            "x86_64-unknown-linux-musl",
        ]
    );
    let setup = read(".github/action/setup.sh");
    let readme = read("README.md");
    for target in &targets {
        assert!(
            setup.contains(&format!("echo {target} ;;")),
            "the action picks {target} for its runner"
        );
        let packing = if target.contains("windows") {
            "zip"
        } else {
            "tar.gz"
        };
        assert!(
            readme.contains(&format!("`rulehub-{target}.{packing}`")),
            "README names the archive for {target}"
        );
    }
    // install.sh composes its targets from the CPU and the system.
    let install = read("install.sh");
    for part in [
        "-unknown-linux-musl",
        "-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(install.contains(part), "install.sh knows {part}");
    }
    // Only the job that publishes may write to the repository.
    assert_eq!(workflow["permissions"]["contents"].as_str(), Some("read"));
    assert_eq!(
        workflow["jobs"]["publish"]["permissions"]["contents"].as_str(),
        Some("write")
    );
    assert!(workflow["jobs"]["build"]["permissions"].is_null());
}
