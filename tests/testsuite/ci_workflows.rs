//! The workflow files docs/ci.md offers are run here, step by step, so a
//! user who copies them gets a check that works. The hosted runner's parts
//! (other `uses:` actions, installing rulehub) are left out: the test puts
//! the binary it built on PATH instead, and stays offline. rulehub's own
//! action runs as its check script (.github/action/check.sh) with the
//! step's inputs, as action.yml runs it. Every other shell step runs in a
//! copy of a fixture hub, bounded in time.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Hub;
use serde_yaml::Value;

/// A shell step gets this long before the test kills it and fails.
const STEP_TIME_LIMIT: Duration = Duration::from_secs(60);

/// A job of a workflow file: its name and its shell steps in order.
struct Job {
    name: String,
    steps: Vec<String>,
}

fn workflow(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/ci")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the workflow is in docs/ci");
    serde_yaml::from_str(&text).expect("the workflow is YAML")
}

/// The `run:` steps of each GitHub Actions job, and rulehub's action as
/// the shell command its action.yml runs to check.
fn github_jobs() -> Vec<Job> {
    let document = workflow("github-workflow.yml");
    let jobs = document["jobs"].as_mapping().expect("jobs");
    jobs.iter()
        .map(|(name, job)| Job {
            name: name.as_str().expect("job names are text").to_string(),
            steps: job["steps"]
                .as_sequence()
                .expect("steps")
                .iter()
                .filter_map(|step| match (step["run"].as_str(), step["uses"].as_str()) {
                    (Some(run), _) => Some(run.to_string()),
                    (None, Some(uses)) if uses.starts_with(&action_reference()) => {
                        Some(action_check(&step["with"]))
                    }
                    _ => None,
                })
                .collect(),
        })
        .collect()
}

/// `owner/name@` of rulehub's action: the repository in Cargo.toml.
fn action_reference() -> String {
    let repository = crate::ci_release::repository();
    let path = repository
        .strip_prefix("https://github.com/")
        .expect("the repository is on GitHub, where the action is used from");
    format!("{path}@")
}

/// The shell command action.yml runs for its check, with a step's `with:`
/// inputs passed the way action.yml passes them.
fn action_check(with: &Value) -> String {
    let input = |name: &str, default: &str| -> String {
        let value = with[name].as_str().unwrap_or(default);
        assert!(!value.contains('\''), "inputs are plain words: {value}");
        value.to_string()
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".github/action/check.sh");
    format!(
        "RULEHUB_ROOT='{}' RULEHUB_ARGS='{}' RULEHUB_JUNIT='{}' bash '{}'",
        input("root", "."),
        input("args", ""),
        input("junit-file", "rulehub-junit.xml"),
        script.display()
    )
}

/// The `before_script` and `script` lines of each GitLab CI job, with
/// `extends` resolved; the file's variables become `export` lines first.
fn gitlab_jobs() -> Vec<Job> {
    let document = workflow("gitlab-ci.yml");
    let top = document.as_mapping().expect("a mapping");
    let exports: Vec<String> = document["variables"]
        .as_mapping()
        .map(|variables| {
            variables
                .iter()
                .map(|(k, v)| {
                    format!(
                        "export {}=\"{}\"",
                        k.as_str().expect("name"),
                        v.as_str().expect("value")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let lines = |job: &Value, key: &str| -> Vec<String> {
        job[key]
            .as_sequence()
            .map(|lines| {
                lines
                    .iter()
                    .map(|l| l.as_str().expect("script lines are text").to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    top.iter()
        .filter(|(_, job)| job.get("script").is_some())
        .map(|(name, job)| {
            let mut before = lines(job, "before_script");
            if before.is_empty()
                && let Some(template) = job["extends"].as_str()
            {
                before = lines(&document[template], "before_script");
            }
            let mut steps = exports.clone();
            steps.extend(before);
            steps.extend(lines(job, "script"));
            Job {
                name: name.as_str().expect("job names are text").to_string(),
                steps,
            }
        })
        .collect()
}

/// Whether a step needs what only a hosted runner has: installing rulehub
/// compiles it from source (network and minutes). Only those are skipped.
fn installs_rulehub(step: &str) -> bool {
    step.contains("cargo ")
}

/// What one shell step did.
struct Ran {
    step: String,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn binary_folder() -> PathBuf {
    assert_cmd::cargo::cargo_bin("rulehub")
        .parent()
        .expect("the binary sits in a folder")
        .to_path_buf()
}

/// Runs every shell step of `job` in `hub` (on to the end, so a test can
/// look at each step) with the built rulehub on PATH.
fn run_job(hub: &Hub, job: &Job) -> Vec<Ran> {
    let path = format!(
        "{}:{}",
        binary_folder().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = Vec::new();
    let mut environment = String::new();
    for step in &job.steps {
        assert!(
            !step.contains("${{"),
            "job {}: a shell step cannot use runner expressions: {step}",
            job.name
        );
        if installs_rulehub(step) {
            assert!(
                step.contains("cargo install"),
                "job {}: only the install step may be skipped: {step}",
                job.name
            );
            continue;
        }
        if step.starts_with("export ") {
            // GitLab runs a job's lines in one shell, so exports carry on.
            environment.push_str(step);
            environment.push('\n');
        }
        let mut child = Command::new("bash")
            .args(["-e", "-o", "pipefail", "-c"])
            .arg(format!("{environment}{step}"))
            .current_dir(hub.root())
            .env("PATH", &path)
            .env("CI_PROJECT_DIR", hub.root())
            .env("NO_COLOR", "1")
            .env("CARGO_NET_OFFLINE", "true")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bash runs");
        let started = Instant::now();
        while child.try_wait().expect("wait").is_none() {
            if started.elapsed() > STEP_TIME_LIMIT {
                let _ = child.kill();
                panic!(
                    "job {}: step ran over {STEP_TIME_LIMIT:?}: {step}",
                    job.name
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let output = child.wait_with_output().expect("output");
        ran.push(Ran {
            step: step.clone(),
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        });
    }
    ran
}

fn assert_all_passed(job: &Job, ran: &[Ran]) {
    for step in ran {
        assert_eq!(
            step.code,
            Some(0),
            "job {}: `{}` failed\n{}{}",
            job.name,
            step.step,
            step.stdout,
            step.stderr
        );
    }
}

fn step<'a>(ran: &'a [Ran], containing: &str) -> &'a Ran {
    ran.iter()
        .find(|r| r.step.contains(containing))
        .unwrap_or_else(|| panic!("no step runs `{containing}`"))
}

#[test]
fn the_github_workflow_checks_and_publishes_a_good_hub() {
    let jobs = github_jobs();
    let names: Vec<_> = jobs.iter().map(|j| j.name.as_str()).collect();
    assert_eq!(names, ["check", "publish"]);
    let hub = Hub::copy("mini");
    for job in &jobs {
        let ran = run_job(&hub, job);
        assert!(!ran.is_empty(), "job {} runs something", job.name);
        assert_all_passed(job, &ran);
    }
    assert!(
        hub.read("rulehub-junit.xml").contains("failures=\"0\""),
        "the check job leaves a passing report"
    );
    assert!(
        hub.path("public/index.html").is_file(),
        "the publish job builds the site it uploads"
    );
}

#[test]
fn the_github_workflow_fails_a_pull_request_with_a_wrong_example() {
    let jobs = github_jobs();
    let hub = Hub::copy("wrong-examples");
    let ran = run_job(&hub, &jobs[0]);
    // One check gives both reports: the annotations and the JUnit file.
    let check = step(&ran, ".github/action/check.sh");
    assert_eq!(check.code, Some(1), "{}", check.stderr);
    assert!(
        check
            .stdout
            .contains("::error file=content/tafl/tablut.md,line=17,col=9,"),
        "{}",
        check.stdout
    );
    assert!(hub.read("rulehub-junit.xml").contains("failures=\"8\""));
}

#[test]
fn the_github_workflow_is_for_a_hub_repository_and_keeps_pages_permissions() {
    let document = workflow("github-workflow.yml");
    let text = serde_yaml::to_string(&document).expect("YAML");
    assert!(
        !text.contains("cargo install") && !text.contains("hashFiles"),
        "a hub repository has no rulehub source to build or hash"
    );
    for job in ["check", "publish"] {
        let steps = document["jobs"][job]["steps"].as_sequence().expect("steps");
        assert!(
            steps.iter().any(|step| step["uses"]
                .as_str()
                .is_some_and(|uses| uses.starts_with(&action_reference()))),
            "job {job} installs rulehub with its action"
        );
    }
    let permissions = &document["jobs"]["publish"]["permissions"];
    assert_eq!(
        permissions["contents"].as_str(),
        Some("read"),
        "a job's permissions replace the workflow's: without contents: read a private hub cannot be checked out"
    );
}

#[test]
fn the_gitlab_pipeline_checks_and_publishes_a_good_hub() {
    let jobs = gitlab_jobs();
    let names: Vec<_> = jobs.iter().map(|j| j.name.as_str()).collect();
    assert_eq!(names, ["check", "pages"]);
    // Slim and Alpine images have no git, which finding the release needs.
    let image = workflow("gitlab-ci.yml")["image"]
        .as_str()
        .expect("an image")
        .to_string();
    assert!(
        !image.contains("slim") && !image.contains("alpine"),
        "{image} has no git"
    );
    let hub = Hub::copy("mini");
    for job in &jobs {
        let ran = run_job(&hub, job);
        assert_all_passed(job, &ran);
        assert!(
            ran.iter().any(|r| r.step.starts_with("rulehub ")),
            "job {} runs rulehub",
            job.name
        );
    }
    assert!(hub.read("rulehub-junit.xml").contains("<testsuites"));
    assert!(hub.path("public/index.html").is_file());
}

#[test]
fn the_gitlab_pipeline_fails_a_merge_request_with_a_wrong_example() {
    let jobs = gitlab_jobs();
    let hub = Hub::copy("wrong-examples");
    let ran = run_job(&hub, &jobs[0]);
    let check = step(&ran, "rulehub check");
    assert_eq!(check.code, Some(1));
    assert!(
        check.stderr.contains("error: the hub has 8 errors"),
        "the job log explains: {}",
        check.stderr
    );
    assert!(hub.read("rulehub-junit.xml").contains("failures=\"8\""));
}

#[test]
fn the_pre_commit_hooks_run_rulehub_check() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(".pre-commit-hooks.yaml");
    let text = std::fs::read_to_string(path).expect("the hooks file is at the root");
    let hooks: Vec<Value> = serde_yaml::from_str(&text).expect("a list of hooks");
    assert!(!hooks.is_empty());
    let hub = Hub::copy("wrong-examples");
    for hook in &hooks {
        let entry = hook["entry"].as_str().expect("an entry");
        assert!(entry.starts_with("rulehub check"), "{entry}");
        // pre-commit appends the staged files when it passes file names.
        let mut command = entry.to_string();
        if hook["pass_filenames"].as_bool() != Some(false) {
            command.push_str(" content/tafl/tablut.md");
        }
        let job = Job {
            name: hook["id"].as_str().expect("an id").to_string(),
            steps: vec![command],
        };
        let ran = run_job(&hub, &job);
        assert_eq!(ran[0].code, Some(1), "{} stops the commit", job.name);
    }
}

#[test]
fn the_ci_guide_quotes_each_file_it_offers_exactly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("docs/ci.md")).expect("docs/ci.md");
    for file in [
        "docs/ci/github-workflow.yml",
        "docs/ci/gitlab-ci.yml",
        ".pre-commit-hooks.yaml",
    ] {
        let text = std::fs::read_to_string(root.join(file)).expect("the file exists");
        let quoted = format!("```yaml\n{}\n```", text.trim_end());
        assert!(
            guide.contains(&quoted),
            "docs/ci.md must quote {file} as it is (copy it in again after editing)"
        );
    }
}
