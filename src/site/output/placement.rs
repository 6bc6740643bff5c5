//! Where the file system puts a new site's folders, a hint that keeps a
//! first build from paying for the site it replaces.
//!
//! ext4 gives a new folder an inode in its parent's flex group (a run of
//! block groups), and a new file one in its folder's, taking the first free
//! inode of the first group with any free. Without a journal, it passes over
//! every inode freed in the last minute (six while that part of the inode
//! table is unwritten), checking each free inode from the start of the
//! group for every inode it creates (`find_inode_bit` and `recently_deleted`
//! in `fs/ext4/ialloc.c`). The site a build replaces, deleted just before a
//! first build or at the end of the last rebuild, freed exactly those
//! inodes, so each new one costs a scan past tens of thousands: on the
//! 10k-page benchmark hub, 6 s of kernel time on the first of a series of
//! first builds and 18 s by the fifth, against 2 s when the new site goes
//! elsewhere (BENCHMARKS.md, measured on 2026-12-06).
//!
//! So the staging folder is marked `FS_TOPDIR_FL` (what `chattr +T` sets):
//! ext4's Orlov allocator then treats its subfolders as unrelated trees and
//! gives each the emptiest flex group, searching from a hash of the
//! subfolder's name. The site is written into one subfolder whose name
//! changes every build, so it lands in a flex group picked afresh each time,
//! most likely not the one just emptied; its own files and folders follow it
//! there. Only the staging folder, which rulehub creates and removes, is
//! marked; the author's folders are never touched. Other file systems refuse
//! or ignore the flag, and nothing depends on it: the site is the same.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// Asks the file system to place each of `dir`'s subfolders apart, in the
/// emptiest part of the disk. Returns whether it took the request; a file
/// system without the hint (tmpfs, btrfs, other systems) refuses it, which
/// changes nothing but the speed.
pub fn spread_subfolders(dir: &Path) -> bool {
    #[cfg(target_os = "linux")]
    {
        mark_top_dir(dir).is_ok()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        false
    }
}

#[cfg(target_os = "linux")]
fn mark_top_dir(dir: &Path) -> std::io::Result<()> {
    use rustix::fs::{IFlags, ioctl_getflags, ioctl_setflags};
    let folder = std::fs::File::open(dir)?;
    let flags = ioctl_getflags(&folder)?;
    if !flags.contains(IFlags::TOPDIR) {
        ioctl_setflags(&folder, flags | IFlags::TOPDIR)?;
    }
    Ok(())
}

/// Whether `dir` carries the hint [`spread_subfolders`] asks for.
#[cfg(all(test, target_os = "linux"))]
pub fn spreads_subfolders(dir: &Path) -> bool {
    std::fs::File::open(dir)
        .ok()
        .and_then(|folder| rustix::fs::ioctl_getflags(&folder).ok())
        .is_some_and(|flags| flags.contains(rustix::fs::IFlags::TOPDIR))
}

/// A name for the folder the site is written into. It differs from build
/// to build (the process and the clock's nanoseconds), because ext4 starts
/// its search for an empty flex group from a hash of the name: a fixed name
/// would send every build back to the group the previous one emptied.
pub fn site_folder_name() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.subsec_nanos());
    format!("site-{}-{nanos}", std::process::id())
}
