//! Rebuilding a site after edits without redoing what the edits cannot
//! have changed: `rulehub serve` keeps one [`Session`] and asks it for a
//! rebuild after every batch of file changes.
//!
//! A rebuild re-reads only changed content files (the hub's
//! [`SourceCache`]), re-checks only variants whose file changed
//! ([`CheckMemo`]), and re-renders only the [`Unit`]s whose inputs changed:
//! a variant's pages when one of its files or its family's index changed,
//! the listings (home, family, comparison, sitemap) when any front matter
//! or section page changed, everything when hub.yaml, the theme or the
//! options changed. It answers with a [`SiteDelta`] against the previous
//! good build, so the caller updates the served site in place.
//!
//! Unchanged files keep their text's `Arc` in the source cache, so most
//! comparisons of inputs are pointer comparisons.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::audit::AuditMemo;
use super::pages::{self, Unit, UnitId, UnitOutput};
use super::{BuildOptions, Memory, Prepared, SiteFiles, Stats, ThemeMemo, finish, prepare_with};
use crate::check::{Checked, CheckedVariant};
use crate::diagnostic::Diagnostic;
use crate::diagram::Palette;
use crate::hub::{Family, Hub, SourceCache, Variant};

/// A site that can be rebuilt cheaply after edits.
pub struct Session {
    root: PathBuf,
    options: BuildOptions,
    sources: SourceCache,
    checks: CheckMemo,
    audits: AuditMemo,
    themes: ThemeMemo,
    /// Fingerprint of what every page reads (hub.yaml, the theme, the
    /// options) at the last good build.
    global: Option<u64>,
    /// Every unit of the last good build.
    units: HashMap<UnitId, UnitRecord>,
    /// The families' listing orders (previous and next links), kept while
    /// their siblings and the global fingerprint are unchanged.
    listing_orders: Arc<pages::ListingOrders>,
}

/// What a unit read and wrote at the last good build.
struct UnitRecord {
    inputs: Inputs,
    paths: Vec<String>,
    pages: usize,
    diagrams: usize,
}

/// A successful rebuild.
#[derive(Debug)]
pub struct Rebuilt {
    pub stats: Stats,
    pub warnings: Vec<Diagnostic>,
    /// How the site differs from the previous good build (the whole site
    /// for the first build).
    pub delta: SiteDelta,
    /// Pages rendered by this rebuild; the others were reused.
    pub rendered: usize,
    /// The path part of `base_url` (`""` at a domain root).
    pub base_path: String,
    /// Units that show the whole site (the search index, the print pages)
    /// were left stale by [`Session::rebuild_quick`] for the next rebuild.
    pub deferred: bool,
    /// [`Session::rebuild_unless`] was told to stop: nothing was rendered
    /// for good (the delta is empty) and the stale units are still stale.
    pub stopped: bool,
}

/// Which stale units a rebuild renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    Everything,
    /// The pages an edit changed, before the units that read every page.
    PagesFirst,
}

/// Files to write and files to remove to turn the previous site into the
/// new one.
#[derive(Debug, Default)]
pub struct SiteDelta {
    pub written: Vec<(String, Vec<u8>)>,
    pub removed: Vec<String>,
}

impl SiteDelta {
    /// Applies the change to `site` and says whether any file actually
    /// changed (a re-rendered page often comes out byte-identical).
    pub fn apply(self, site: &mut SiteFiles) -> bool {
        let mut changed = false;
        for path in self.removed {
            changed |= site.files.remove(&path).is_some();
        }
        for (path, bytes) in self.written {
            if site.files.get(&path) != Some(&bytes) {
                site.files.insert(path, bytes);
                changed = true;
            }
        }
        changed
    }
}

impl Session {
    /// A session for the hub at `root`; nothing is read until the first
    /// [`Session::rebuild`].
    pub fn new(root: &Path, options: &BuildOptions) -> Session {
        Session {
            root: root.to_path_buf(),
            options: options.clone(),
            sources: SourceCache::default(),
            checks: CheckMemo::default(),
            audits: AuditMemo::default(),
            themes: ThemeMemo::default(),
            global: None,
            units: HashMap::new(),
            listing_orders: Arc::default(),
        }
    }

    /// Forgets everything remembered, so the next rebuild reads, checks and
    /// renders the whole hub (after a rebuild that did not finish).
    pub fn reset(&mut self) {
        *self = Session::new(&self.root.clone(), &self.options.clone());
    }

    /// Builds the site again. `changed` names the files (relative to the
    /// hub root) that changed, as a file watcher reports them: when they are
    /// all known pages, only they are read again. An empty `changed` means
    /// "look at everything": `content/` is walked again and any file whose
    /// size or time changed is re-read.
    ///
    /// On failure returns every diagnostic, and the session still answers
    /// the next rebuild with a delta against the last good build.
    pub fn rebuild(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
        self.rebuild_with(changed, Pass::Everything, &pages::RUN_TO_END)
    }

    /// Like [`Session::rebuild`], but gives up as soon as it sees `stop`
    /// set (`Rebuilt::stopped`), leaving the session as it was: `serve`'s
    /// catch-up pass makes way for a newer edit this way.
    pub fn rebuild_unless(
        &mut self,
        changed: &[PathBuf],
        stop: &AtomicBool,
    ) -> Result<Rebuilt, Vec<Diagnostic>> {
        self.rebuild_with(changed, Pass::Everything, stop)
    }

    /// Like [`Session::rebuild`], but when an edit leaves pages stale
    /// besides the units that read the whole site (the search index and
    /// the print pages, which re-render every variant), renders only those
    /// pages and leaves the whole-site units stale (`Rebuilt::deferred`):
    /// the preview shows the edited page at once, and a plain
    /// [`Session::rebuild`] with the same `changed` catches up after.
    pub fn rebuild_quick(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, Vec<Diagnostic>> {
        self.rebuild_with(changed, Pass::PagesFirst, &pages::RUN_TO_END)
    }

    fn rebuild_with(
        &mut self,
        changed: &[PathBuf],
        pass: Pass,
        stop: &AtomicBool,
    ) -> Result<Rebuilt, Vec<Diagnostic>> {
        if !changed.is_empty() {
            self.sources.changed(changed);
        }
        let mut prepared = prepare_with(
            &self.root,
            &self.options,
            Some(Memory {
                sources: &mut self.sources,
                checks: &self.checks,
                audits: &self.audits,
                themes: &mut self.themes,
            }),
        )?;
        let global = global_fingerprint(&prepared, &self.options);
        let siblings = sibling_hashes(&prepared.hub);
        let order_keys: HashMap<String, u64> = siblings
            .iter()
            .map(|(family, hash)| {
                let mut key = DefaultHasher::new();
                (hash, global).hash(&mut key);
                (family.to_string(), key.finish())
            })
            .collect();
        self.listing_orders.keep_only(&order_keys);
        prepared.neighbours =
            pages::Neighbours::remembering(Arc::clone(&self.listing_orders), order_keys);
        let mut site = prepared.context();
        site.stop = stop;
        let all = pages::units(&site);
        let whole_site = |unit: &Unit| matches!(unit, Unit::PrintAndSearch);
        let is_stale = |unit: &Unit, inputs: &Inputs| {
            self.global != Some(global)
                || self
                    .units
                    .get(&unit.id())
                    .is_none_or(|record| record.inputs != *inputs)
        };
        let stale_among = |whole: bool| {
            all.iter()
                .filter(|unit| whole_site(unit) == whole)
                .map(|unit| (*unit, inputs(site.hub, *unit, &siblings)))
                .filter(|(unit, inputs)| is_stale(unit, inputs))
                .collect::<Vec<_>>()
        };
        let mut stale = stale_among(false);
        // A quick pass with stale pages leaves the whole-site units to the
        // catch-up without working out their inputs (every source again, a
        // fifth of the pass). An edit that makes a page stale nearly always
        // makes them stale too, since they read every page's source; when it
        // does not (an asset only the listings read), the catch-up finds
        // nothing to render.
        let deferred = pass == Pass::PagesFirst && self.global == Some(global) && !stale.is_empty();
        if !deferred {
            stale.extend(stale_among(true));
        }
        let rendered: Vec<(Unit, Inputs, Result<UnitOutput, Vec<Diagnostic>>)> = stale
            .into_par_iter()
            .map(|(unit, inputs)| {
                let output = pages::render_unit(&site, unit);
                (unit, inputs, output)
            })
            .collect();
        if stop.load(Ordering::Relaxed) {
            // What was rendered may be cut short: none of it is kept.
            return Ok(Rebuilt {
                stats: pages::stats(&site, 0, 0),
                base_path: site.hub.config.base_path().to_string(),
                warnings: Vec::new(),
                delta: SiteDelta::default(),
                rendered: 0,
                deferred: true,
                stopped: true,
            });
        }
        let mut problems = Vec::new();
        let mut outputs = Vec::new();
        for (unit, inputs, output) in rendered {
            match output {
                Ok(output) => outputs.push((unit.id(), inputs, output)),
                Err(mut errors) => problems.append(&mut errors),
            }
        }
        // A hub with errors renders its stale pages only to find their
        // problems too; none of it is kept.
        if !problems.is_empty() || prepared.has_errors() {
            prepared.diagnostics.append(&mut problems);
            return Err(finish(prepared.diagnostics));
        }
        let live: HashSet<UnitId> = all.iter().map(Unit::id).collect();
        let (delta, rendered) = self.commit(outputs, &live);
        self.global = Some(global);
        let (pages_total, diagrams_total) = self
            .units
            .values()
            .fold((0, 0), |(p, d), r| (p + r.pages, d + r.diagrams));
        Ok(Rebuilt {
            stats: pages::stats(&site, pages_total, diagrams_total),
            base_path: site.hub.config.base_path().to_string(),
            warnings: finish(std::mem::take(&mut prepared.diagnostics)),
            delta,
            rendered,
            deferred,
            stopped: false,
        })
    }

    /// Records the rendered units (dropping units that no longer exist) and
    /// returns the delta from the previous records, with the number of
    /// pages rendered.
    fn commit(
        &mut self,
        outputs: Vec<(UnitId, Inputs, UnitOutput)>,
        live: &HashSet<UnitId>,
    ) -> (SiteDelta, usize) {
        let mut delta = SiteDelta::default();
        let mut rendered = 0;
        self.units.retain(|id, record| {
            let keep = live.contains(id);
            if !keep {
                delta.removed.append(&mut record.paths);
            }
            keep
        });
        for (id, inputs, output) in outputs {
            rendered += output.pages;
            let paths: Vec<String> = output.files.iter().map(|(p, _)| p.clone()).collect();
            if let Some(old) = self.units.get(&id) {
                let new: HashSet<&String> = paths.iter().collect();
                delta
                    .removed
                    .extend(old.paths.iter().filter(|p| !new.contains(p)).cloned());
            }
            self.units.insert(
                id,
                UnitRecord {
                    inputs,
                    paths,
                    pages: output.pages,
                    diagrams: output.diagrams,
                },
            );
            delta.written.extend(output.files);
        }
        // A path a vanished unit wrote may now belong to another (a renamed
        // file keeping its slug): it is written, so it must not be removed.
        let written: HashSet<&String> = delta.written.iter().map(|(p, _)| p).collect();
        delta.removed.retain(|p| !written.contains(p));
        delta.removed.sort();
        delta.removed.dedup();
        (delta, rendered)
    }
}

/// The source texts (or parts of them) a unit reads, and a hash of the
/// names of the files they came from. Texts are compared by pointer first
/// (an unchanged file keeps its text's `Arc` in the source cache) and by
/// content otherwise.
#[derive(Debug, Clone)]
struct Inputs {
    texts: Vec<(Arc<str>, Range<usize>)>,
    names: DefaultHasher,
}

impl Default for Inputs {
    fn default() -> Inputs {
        Inputs {
            texts: Vec::new(),
            names: DefaultHasher::new(),
        }
    }
}

impl Inputs {
    fn whole(&mut self, path: &Path, text: &Arc<str>) {
        self.part(path, text, 0..text.len());
    }

    fn part(&mut self, path: &Path, text: &Arc<str>, range: Range<usize>) {
        self.name(path.as_os_str().as_encoded_bytes());
        self.texts.push((text.clone(), range));
    }

    /// Something besides file texts that the unit depends on.
    fn name(&mut self, name: &[u8]) {
        self.names.write(name);
        self.names.write_u8(0);
    }

    fn sections<F>(&mut self, pages: &BTreeMap<String, crate::hub::Page<F>>) {
        for page in pages.values() {
            self.whole(&page.source.path, &page.source.text);
        }
    }
}

impl PartialEq for Inputs {
    fn eq(&self, other: &Inputs) -> bool {
        self.names.finish() == other.names.finish()
            && self.texts.len() == other.texts.len()
            && self
                .texts
                .iter()
                .zip(&other.texts)
                .all(|((ta, ra), (tb, rb))| {
                    (Arc::ptr_eq(ta, tb) && ra == rb) || ta.get(ra.clone()) == tb.get(rb.clone())
                })
    }
}

/// What a unit reads from the content (what it reads from hub.yaml and
/// the theme is in the global fingerprint).
/// Per family, a hash of what its variants' previous and next links read:
/// every variant's name, slug, order and title in every language.
fn sibling_hashes(hub: &Hub) -> HashMap<&str, u64> {
    hub.families
        .iter()
        .map(|family| {
            let mut hasher = DefaultHasher::new();
            for sibling in &family.variants {
                let front = &sibling.page.front;
                (&sibling.name, &sibling.slug, front.order, &front.title).hash(&mut hasher);
                for (lang, translation) in &sibling.translations {
                    (lang, &translation.front.title).hash(&mut hasher);
                }
            }
            (family.name.as_str(), hasher.finish())
        })
        .collect()
}

fn inputs(hub: &Hub, unit: Unit, siblings: &HashMap<&str, u64>) -> Inputs {
    let mut inputs = Inputs::default();
    match unit {
        Unit::Variant(family, variant) => {
            // The family's index gives the breadcrumb title.
            inputs.sections(&family.index);
            variant_files(&mut inputs, variant, |page_text, _| 0..page_text.len());
            // Its previous and next links name its neighbours, in the
            // family's order: a renamed or reordered sibling changes them.
            // One hash a family, so n variants cost n, not n², to compare.
            let hash = siblings.get(family.name.as_str()).copied().unwrap_or(0);
            inputs.name(&hash.to_le_bytes());
        }
        Unit::PrintAndSearch => {
            // The print pages and the index read every family page and
            // every variant whole.
            for family in &hub.families {
                inputs.name(family.name.as_bytes());
                inputs.sections(&family.index);
                for variant in &family.variants {
                    variant_files(&mut inputs, variant, |page_text, _| 0..page_text.len());
                }
            }
        }
        Unit::Listings => {
            // Listings show section pages whole, and of variants only what
            // front matter says (title, summary, order, rules, board).
            inputs.sections(&hub.home);
            for family in &hub.families {
                listing_inputs(&mut inputs, family);
            }
            for asset in &hub.assets {
                let stamp = std::fs::metadata(&asset.source)
                    .map(|m| format!("{} {:?}", m.len(), m.modified().ok()))
                    .unwrap_or_default();
                inputs.name(format!("{} {stamp}", asset.source.display()).as_bytes());
            }
        }
    }
    inputs
}

fn listing_inputs(inputs: &mut Inputs, family: &Family) {
    inputs.name(family.name.as_bytes());
    inputs.sections(&family.index);
    for variant in &family.variants {
        variant_files(inputs, variant, |_, yaml| yaml);
    }
}

/// A variant's file and its translations, each cut to `range(text, yaml)`.
fn variant_files(
    inputs: &mut Inputs,
    variant: &Variant,
    range: impl Fn(&str, Range<usize>) -> Range<usize>,
) {
    let page = &variant.page;
    inputs.part(
        &page.source.path,
        &page.source.text,
        range(&page.source.text, page.split.yaml.clone()),
    );
    for page in variant.translations.values() {
        inputs.part(
            &page.source.path,
            &page.source.text,
            range(&page.source.text, page.split.yaml.clone()),
        );
    }
}

/// A fingerprint of everything every page reads besides content: the hub
/// configuration (with the serve origin applied), the theme's templates,
/// strings, palette and static files, and the options.
fn global_fingerprint(prepared: &Prepared, options: &BuildOptions) -> u64 {
    let mut hasher = DefaultHasher::new();
    format!("{:?}", prepared.hub.config).hash(&mut hasher);
    options.drafts.hash(&mut hasher);
    let theme = &prepared.theme;
    for (name, file) in &theme.templates {
        (name, &file.path, &*file.text).hash(&mut hasher);
    }
    for (name, bytes) in &theme.static_files {
        (name, bytes).hash(&mut hasher);
    }
    (&theme.palette.path, &*theme.palette.text).hash(&mut hasher);
    for source in &theme.fluent {
        (&source.path, &*source.text).hash(&mut hasher);
    }
    hasher.finish()
}

/// A variant as checked: the texts it was checked from (see
/// [`checked_texts`]) and what the check gave.
type Remembered = (Vec<Arc<str>>, Arc<CheckedVariant>);

/// Checked variants from earlier builds, reused while the variant's file
/// and the palette are unchanged.
#[derive(Default)]
pub(super) struct CheckMemo {
    state: Mutex<CheckState>,
}

#[derive(Default)]
struct CheckState {
    palette: Option<Palette>,
    /// By (family, variant).
    checked: HashMap<(String, String), Remembered>,
}

impl CheckMemo {
    /// Starts a round of checks against `palette`; forgets every checked
    /// variant when the palette changed (render ops are checked against it).
    pub fn begin(&self, palette: &Palette) {
        let mut state = self.lock();
        if state.palette.as_ref() != Some(palette) {
            state.palette = Some(palette.clone());
            state.checked.clear();
        }
    }

    /// The variant as checked before if its files (its page and its
    /// translations, whose blocks it checks too) are unchanged, or
    /// `check`'s result (remembered when it found no problem).
    pub fn get_or_check(
        &self,
        family: &str,
        variant: &Variant,
        check: impl FnOnce() -> Checked,
    ) -> (Option<Arc<CheckedVariant>>, Vec<Diagnostic>) {
        let key = (family.to_string(), variant.name.clone());
        let texts = checked_texts(variant);
        if let Some((seen, checked)) = self.lock().checked.get(&key)
            && seen.len() == texts.len()
            && seen
                .iter()
                .zip(&texts)
                .all(|(seen, text)| Arc::ptr_eq(seen, text) || seen == text)
        {
            return (Some(checked.clone()), Vec::new());
        }
        let Checked { variant, problems } = check();
        let variant = variant.map(Arc::new);
        if let Some(checked) = &variant
            && problems.is_empty()
        {
            self.lock().checked.insert(key, (texts, checked.clone()));
        }
        (variant, problems)
    }

    /// Forgets variants that are not in `keys` (deleted files).
    pub fn keep_only(&self, keys: &HashSet<(String, String)>) {
        self.lock().checked.retain(|key, _| keys.contains(key));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CheckState> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The files a variant's check reads: its page, then each translation and
/// stub in language order.
fn checked_texts(variant: &Variant) -> Vec<Arc<str>> {
    std::iter::once(&variant.page.source.text)
        .chain(variant.translations.values().map(|p| &p.source.text))
        .chain(variant.stubs.values().map(|p| &p.source.text))
        .cloned()
        .collect()
}
