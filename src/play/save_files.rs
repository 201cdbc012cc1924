//! How save files reach the disk. A save is written to a temporary file of
//! its own beside it (`NAME.PID.XXXXXX.tmp`, a name no other write uses),
//! flushed, then renamed onto its name: a crash or a full disk never
//! leaves half a file behind, and two processes never share a temporary
//! file. A new game's save takes a name no file has yet (the rename
//! refuses to replace one), so two games started in the same second with
//! the same seed each keep their own file. The temporary files a killed
//! process left are removed by the next `ludus play` ([`remove_stale_temps`]).

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How the names of temporary files end.
const TEMP_SUFFIX: &str = ".tmp";

/// How many numbered names (`-2`, `-3`...) a new save tries before it
/// gives up.
const MAX_NUMBER: usize = 10_000;

/// A temporary file untouched for this long is left by a process that
/// stopped (a save is written in a moment): [`remove_stale_temps`] removes
/// it even when its process cannot be told gone.
pub const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// Writes `text` to `path`, replacing the file there (the caller's own
/// save, or one the player named).
pub fn write_save(path: &Path, text: &str) -> io::Result<()> {
    write_temp(path, text)?
        .persist(path)
        .map(drop)
        .map_err(|e| e.error)
}

/// Writes `text` under `first`, else under the first of `first`
/// numbered (`game-1-2.ron` for `game-1.ron`, then `-3`...) that no file
/// has; never replaces a file. Returns the name written.
pub fn write_new_save(first: &Path, text: &str) -> io::Result<PathBuf> {
    for n in 1..=MAX_NUMBER {
        let path = numbered(first, n);
        match write_new(&path, text) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            r => return r.map(|()| path),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{MAX_NUMBER} files named {} exist", first.display()),
    ))
}

/// `first` for 1, else `first` with `-n` before its extension.
fn numbered(first: &Path, n: usize) -> PathBuf {
    if n == 1 {
        return first.to_path_buf();
    }
    let stem = first.file_stem().unwrap_or_default().to_string_lossy();
    let name = match first.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    first.with_file_name(name)
}

/// Writes `text` to `path` if no file is there (`AlreadyExists` if one
/// is). The rename that refuses to replace (`renameat2` or a hard link) is
/// not offered by every file system: there the name is first taken by
/// creating it empty and exclusively, then the full file renamed onto it.
fn write_new(path: &Path, text: &str) -> io::Result<()> {
    let tmp = write_temp(path, text)?;
    let tmp = match tmp.persist_noclobber(path) {
        Ok(_) => return Ok(()),
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => return Err(e.error),
        Err(e) => e.file,
    };
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    tmp.persist(path).map(drop).map_err(|e| {
        let _ = std::fs::remove_file(path);
        e.error
    })
}

/// `text` in a new temporary file beside `path`, flushed to the disk; the
/// file is removed when the value is dropped without being persisted.
fn write_temp(path: &Path, text: &str) -> io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let prefix = format!("{name}.{}.", std::process::id());
    let mut b = tempfile::Builder::new();
    b.prefix(&prefix).suffix(TEMP_SUFFIX).rand_bytes(6);
    // The permissions of any new file (the umask's), not only the owner's.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = b.tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    Ok(tmp)
}

/// Removes the temporary files of saves left in `dir` (the autosaves'
/// folder) by a process that was killed while it wrote: a file named as
/// this module names them (`NAME.ron.PID.XXXXXX.tmp`, or the
/// `NAME.ron.tmp` of earlier versions) whose process is gone (`PID` no
/// longer runs), or that nobody touched for [`STALE_AFTER`]. Any other
/// file is left alone. Returns how many were removed.
pub fn remove_stale_temps(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for e in entries.flatten() {
        let Some(kind) = temp_kind(&e.file_name().to_string_lossy()) else {
            continue;
        };
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= STALE_AFTER);
        let gone = matches!(kind, TempKind::Of(pid) if process_gone(pid));
        if (old || gone) && e.file_type().is_ok_and(|t| t.is_file()) {
            removed += usize::from(std::fs::remove_file(e.path()).is_ok());
        }
    }
    removed
}

/// Whose a temporary file is, by its name.
#[derive(Debug, PartialEq, Eq)]
enum TempKind {
    /// Written by the process of this id.
    Of(u32),
    /// Written by an earlier version (`NAME.ron.tmp`): nobody knows whose.
    Unknown,
}

/// What the file named `name` is, if it is a temporary save file.
fn temp_kind(name: &str) -> Option<TempKind> {
    let body = name.strip_suffix(TEMP_SUFFIX)?;
    if body.ends_with(".ron") {
        return Some(TempKind::Unknown);
    }
    let mut parts = body.rsplitn(3, '.');
    let (_random, pid, save) = (parts.next()?, parts.next()?, parts.next()?);
    let pid = pid.parse().ok()?;
    save.ends_with(".ron").then_some(TempKind::Of(pid))
}

/// Whether no process `pid` runs (on this system; elsewhere never said).
#[cfg(unix)]
fn process_gone(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 is no signal: `kill` only says whether the process
    // exists (ESRCH: no such process).
    let r = unsafe { libc::kill(pid, 0) };
    r != 0 && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_gone(_pid: u32) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_files_are_told_by_their_names() {
        assert_eq!(
            temp_kind("game-1-2.ron.4242.aB3xZ9.tmp"),
            Some(TempKind::Of(4242))
        );
        assert_eq!(temp_kind("game-1-2.ron.tmp"), Some(TempKind::Unknown));
        assert_eq!(temp_kind("game-1-2.ron"), None);
        assert_eq!(temp_kind("notes.txt.12.abcdef.tmp"), None);
        assert_eq!(temp_kind("x.ron.pid.abcdef.tmp"), None);
    }

    #[test]
    fn numbered_names_keep_the_extension() {
        let p = Path::new("/d/game-5-7.ron");
        assert_eq!(numbered(p, 1), p);
        assert_eq!(numbered(p, 3), Path::new("/d/game-5-7-3.ron"));
    }

    #[test]
    fn a_new_save_never_replaces_a_file_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("game-1-9.ron");
        assert_eq!(write_new_save(&first, "a").unwrap(), first);
        let second = write_new_save(&first, "b").unwrap();
        assert_eq!(second, dir.path().join("game-1-9-2.ron"));
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "a");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "b");
        write_save(&first, "c").unwrap();
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "c");
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["game-1-9-2.ron", "game-1-9.ron"]);
    }
}
