/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A file that replaces its target only when it is complete: the data go
 * to a temporary file beside the target, which commit() syncs and renames
 * over it. On Linux the temporary file has no name until then (O_TMPFILE,
 * given one by linkat() at the commit), so a process killed outright
 * (SIGKILL, the out-of-memory killer, a power cut) leaves nothing; where
 * the filesystem refuses O_TMPFILE it is a hidden file, removed on the
 * signals a program can catch. g_file_replace() does not keep that promise: it writes a new
 * path in place (a crash leaves half a report), and for a symlink, a file
 * with a second hard link or a read-only directory it truncates the old
 * file at once. So the reports own their temporary file. Written either
 * through the stream (CSV) or by a library that opens the temporary file
 * by its name (xlsx).
 */
#define G_LOG_DOMAIN "pr-output-file"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>
#include <glib/gstdio.h>

#include "pr-output-file-private.h"
#include "pr-output-path.h"

/* Rows are small: buffer them, or every row is a system call. */
#define BUFFER_SIZE (1 << 16)

struct _PrOutputFile
{
  GOutputStream *stream;
  char          *path;       /* as the caller named it, for messages */
  char          *target;     /* the file replaced: @path with its links followed */
  char          *temp_path;  /* until committed or discarded; /proc/self/fd/N when @unnamed */
  int            fd;         /* the temporary file's, owned by @stream */
  gboolean       unnamed;    /* made with O_TMPFILE: nothing to remove */
};

/* The temporary files being written, for a signal handler to remove:
 * a run stopped by Ctrl+C or a kill would leave each one, hidden and as
 * large as the report so far, beside its target. The table is changed
 * under a lock, and grows there (a new one, twice as large, published in
 * one atomic store); the handler only reads the table it finds, so an
 * outgrown one is never freed. */
typedef struct {
  guint  n_slots;
  char  *slots[];
} LiveTemps;

#define FIRST_LIVE_TEMPS 32
static LiveTemps *live_temps;
static GMutex live_temps_lock;
static gint cleaning_up;

static LiveTemps *
live_temps_new (guint n_slots)
{
  LiveTemps *table = g_malloc0 (sizeof (LiveTemps) + n_slots * sizeof (char *));

  table->n_slots = n_slots;
  return table;
}

static void
remember_temp (char *temp_path)
{
  LiveTemps *table;
  LiveTemps *larger;

  g_mutex_lock (&live_temps_lock);
  table = g_atomic_pointer_get (&live_temps);
  if (table == NULL)
    {
      table = live_temps_new (FIRST_LIVE_TEMPS);
      g_atomic_pointer_set (&live_temps, table);
    }
  for (guint i = 0; i < table->n_slots; i++)
    if (table->slots[i] == NULL)
      {
        g_atomic_pointer_set (&table->slots[i], temp_path);
        g_mutex_unlock (&live_temps_lock);
        return;
      }
  larger = live_temps_new (table->n_slots * 2);
  memcpy (larger->slots, table->slots, table->n_slots * sizeof (char *));
  larger->slots[table->n_slots] = temp_path;
  g_atomic_pointer_set (&live_temps, larger);
  g_mutex_unlock (&live_temps_lock);
}

/* Frees *@temp_path once the handler can no longer be reading it. */
static void
forget_temp (char **temp_path)
{
  LiveTemps *table;

  g_mutex_lock (&live_temps_lock);
  table = g_atomic_pointer_get (&live_temps);
  for (guint i = 0; table != NULL && i < table->n_slots; i++)
    if (table->slots[i] == *temp_path)
      {
        g_atomic_pointer_set (&table->slots[i], NULL);
        break;
      }
  g_mutex_unlock (&live_temps_lock);
  /* The handler is removing the files and will end the process. */
  while (g_atomic_int_get (&cleaning_up))
    pause ();
  g_clear_pointer (temp_path, g_free);
}

/**
 * pr_output_file_remove_temps:
 *
 * Removes the temporary files of the outputs not yet committed, for a
 * process about to end at once (a signal, memory run out). Allocates
 * nothing; the outputs' writers wait for the end.
 */
void
pr_output_file_remove_temps (void)
{
  LiveTemps *table;

  g_atomic_int_set (&cleaning_up, 1);
  table = g_atomic_pointer_get (&live_temps);
  for (guint i = 0; table != NULL && i < table->n_slots; i++)
    {
      char *temp_path = g_atomic_pointer_get (&table->slots[i]);

      if (temp_path != NULL)
        unlink (temp_path);
    }
}

static void
remove_temps_and_die (int signal_number)
{
  pr_output_file_remove_temps ();
  signal (signal_number, SIG_DFL);
  raise (signal_number);
}

/**
 * pr_output_file_remove_on_signal:
 *
 * For a program that ends on SIGINT, SIGTERM or SIGHUP (a command line
 * tool): removes the temporary files of the outputs not yet committed
 * before it ends, the targets left as they were.
 */
void
pr_output_file_remove_on_signal (void)
{
  struct sigaction action = { 0 };
  const int signals[] = { SIGINT, SIGTERM, SIGHUP };

  action.sa_handler = remove_temps_and_die;
  sigemptyset (&action.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    sigaddset (&action.sa_mask, signals[i]);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      struct sigaction old;

      /* A signal ignored by the caller (nohup) stays ignored. */
      if (sigaction (signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
        continue;
      sigaction (signals[i], &action, NULL);
    }
}

static gint unnamed_refused;

void
_pr_output_file_allow_unnamed (gboolean allowed)
{
  g_atomic_int_set (&unnamed_refused, !allowed);
}

/* A file in @dir with no name (Linux's O_TMPFILE), or -1 where the
 * filesystem or the kernel refuses one, or where /proc, through which it
 * is named at the end and opened by name, is not there. */
static int
open_unnamed (const char *dir,
              int         mode)
{
#ifdef O_TMPFILE
  g_autofree char *proc_path = NULL;
  int fd;

  if (g_atomic_int_get (&unnamed_refused))
    return -1;
  fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
  if (fd < 0)
    return -1;
  proc_path = g_strdup_printf ("/proc/self/fd/%d", fd);
  if (access (proc_path, W_OK) != 0)
    {
      g_close (fd, NULL);
      return -1;
    }
  return fd;
#else
  return -1;
#endif
}

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *path,
                 const char  *what)
{
  if (what != NULL)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 _("cannot write %s: %s: %s"), path, what, g_strerror (saved_errno));
  else
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 _("cannot write %s: %s"), path, g_strerror (saved_errno));
}

/**
 * pr_output_file_new:
 * @path: the file to write; if it is a symlink, the file it points to
 *   (pr_output_path_resolve () says which links are followed)
 * @error: return location for a #GError
 *
 * Makes a temporary file in the target's directory; pr_output_file_commit()
 * syncs it and renames it over the target, so the target is replaced only
 * by a complete file, and pr_output_file_free() without a successful
 * commit removes it and leaves the target as it was. A symlink stays a
 * symlink (its target gets the new content); a new file gets the mode 0666
 * less the umask, a replaced one keeps its mode (and, where allowed, its
 * owner). Other hard links to a replaced file keep the old content.
 *
 * Errors are in the %G_IO_ERROR domain, their message starting
 * "cannot write @path: ". A directory where no file can be created is an
 * error here, before anything is written.
 *
 * Returns: (transfer full) (nullable): the file, or %NULL with @error set
 *   if the target is not a regular file or no temporary file can be made
 */
PrOutputFile *
pr_output_file_new (const char  *path,
                    GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp_path = NULL;
  g_autoptr(GOutputStream) unix_stream = NULL;
  PrOutputFile *self;
  struct stat st;
  gboolean exists = FALSE;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  target = pr_output_path_resolve (path, &st, &exists, error);
  if (target == NULL)
    return NULL;

  /* A device or a pipe cannot be replaced by a rename: renaming over
   * /dev/null would delete the device. Those are for stream writers. */
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("cannot write %s: it is not a regular file"), path);
      return NULL;
    }

  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  temp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);

  /* A new file gets 0666 less the umask, as open() would give it; a
   * replaced one is made private first and given its old mode below, so it
   * is never readable by more people than the old file was. */
  fd = open_unnamed (dir, exists ? 0600 : 0666);
  if (fd >= 0)
    {
      g_free (temp_path);
      temp_path = g_strdup_printf ("/proc/self/fd/%d", fd);
    }
  else
    {
      /* Named to the signal handler before the file exists: a signal in
       * the turn it is made still finds it to remove. */
      remember_temp (temp_path);
      fd = g_mkstemp_full (temp_path, O_WRONLY | O_CLOEXEC, exists ? 0600 : 0666);
    }
  if (fd < 0)
    {
      int saved_errno = errno;
      g_autofree char *what = g_strdup_printf (_("cannot create a file in %s"), dir);

      forget_temp (&temp_path);
      set_errno_error (error, saved_errno, path, what);
      return NULL;
    }

  if (exists)
    {
      /* Best effort: only root may give a file away, and a report owned by
       * whoever ran the tool last is no error. */
      if ((st.st_uid != geteuid () || st.st_gid != getegid ()) &&
          fchown (fd, st.st_uid, st.st_gid) != 0)
        g_debug ("%s: owner not kept: %s", path, g_strerror (errno));
      if (fchmod (fd, st.st_mode & 07777) != 0)
        {
          int saved_errno = errno;

          g_close (fd, NULL);
          if (!g_str_has_prefix (temp_path, "/proc/self/fd/"))
            g_unlink (temp_path);
          forget_temp (&temp_path);
          set_errno_error (error, saved_errno, path, NULL);
          return NULL;
        }
    }

  unix_stream = g_unix_output_stream_new (fd, TRUE);
  self = g_new0 (PrOutputFile, 1);
  self->stream = g_buffered_output_stream_new_sized (unix_stream, BUFFER_SIZE);
  self->path = g_strdup (path);
  self->target = g_steal_pointer (&target);
  self->unnamed = g_str_has_prefix (temp_path, "/proc/self/fd/");
  self->temp_path = g_steal_pointer (&temp_path);
  self->fd = fd;

  return self;
}

/* Returns: (transfer none): the stream to the temporary file, buffered */
GOutputStream *
pr_output_file_get_stream (PrOutputFile *self)
{
  return self->stream;
}

/* Returns: (transfer none) (nullable): the temporary file's path, for a
 * writer that opens it by name; %NULL once committed or discarded */
const char *
pr_output_file_get_temp_path (PrOutputFile *self)
{
  return self->temp_path;
}

/* Returns: (transfer none): the path as the caller named it */
const char *
pr_output_file_get_path (PrOutputFile *self)
{
  return self->path;
}

/* Drops the temporary file: the target stays as it was. */
static void
discard (PrOutputFile *self)
{
  if (self->temp_path == NULL)
    return;

  /* Unlinked first, so that whatever the close flushes goes nowhere. An
   * unnamed file goes with its last descriptor. */
  if (!self->unnamed)
    g_unlink (self->temp_path);
  forget_temp (&self->temp_path);
  g_output_stream_close (self->stream, NULL, NULL);
}

/* Gives the unnamed file, open as @fd, its name: the target itself if
 * there is none yet; else a hidden one beside it, left in @temp_path for
 * the rename (and for the signal handler). @temp_path is %NULL once the
 * target is it. */
static gboolean
link_unnamed (PrOutputFile  *self,
              int            fd,
              GError       **error)
{
  g_autofree char *proc_path = g_strdup_printf ("/proc/self/fd/%d", fd);
  g_autofree char *dir = g_path_get_dirname (self->target);
  g_autofree char *base = g_path_get_basename (self->target);
  /* Its own generator: the program's may be seeded for repeatable runs. */
  g_autoptr(GRand) rand = g_rand_new ();

  g_clear_pointer (&self->temp_path, g_free);
  self->unnamed = FALSE;
  if (linkat (AT_FDCWD, proc_path, AT_FDCWD, self->target, AT_SYMLINK_FOLLOW) == 0)
    return TRUE;
  if (errno != EEXIST)
    {
      set_errno_error (error, errno, self->path, NULL);
      return FALSE;
    }
  for (guint tries = 0; tries < 100; tries++)
    {
      char *temp_path = g_strdup_printf ("%s/.%s.%06X", dir, base, g_rand_int (rand) & 0xFFFFFF);

      remember_temp (temp_path);
      if (linkat (AT_FDCWD, proc_path, AT_FDCWD, temp_path, AT_SYMLINK_FOLLOW) == 0)
        {
          self->temp_path = temp_path;
          return TRUE;
        }
      {
        int saved_errno = errno;

        forget_temp (&temp_path);
        if (saved_errno != EEXIST)
          {
            set_errno_error (error, saved_errno, self->path, NULL);
            return FALSE;
          }
      }
    }
  set_errno_error (error, EEXIST, self->path, NULL);
  return FALSE;
}

/* Flush, fsync, close, rename: the target changes only at the rename, and
 * only to a file whose data is on the disk, so that a crash just after it
 * cannot leave an empty report where a full one was. */
static gboolean
commit (PrOutputFile  *self,
        GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *dir = NULL;
  int link_fd = -1;
  int dir_fd;

  if (!g_output_stream_flush (self->stream, NULL, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("cannot write %s: "), self->path);
      return FALSE;
    }
  /* Syncs the file's data whichever descriptor wrote them: a library
   * that opened the temporary file by name wrote through another one. */
  if (fsync (self->fd) != 0)
    {
      set_errno_error (error, errno, self->path, NULL);
      return FALSE;
    }
  /* An unnamed file is named through a descriptor open on it, but the
   * stream's own is closed first: a failing close is then reported while
   * the target is untouched, never after a complete file took its place.
   * The duplicate's close after the link writes nothing (the data are
   * synced), so its result is no error. */
  if (self->unnamed)
    {
      link_fd = fcntl (self->fd, F_DUPFD_CLOEXEC, 0);
      if (link_fd < 0)
        {
          set_errno_error (error, errno, self->path, NULL);
          return FALSE;
        }
    }
  if (!g_output_stream_close (self->stream, NULL, &local_error))
    {
      if (link_fd >= 0)
        close (link_fd);
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("cannot write %s: "), self->path);
      return FALSE;
    }
  self->fd = -1;
  /* A new target is named at once, else a hidden name is renamed over
   * the old one (a kill between the two leaves that name, the only
   * moment one can). */
  if (link_fd >= 0)
    {
      gboolean linked = link_unnamed (self, link_fd, error);

      close (link_fd);
      if (!linked)
        return FALSE;
    }
  if (self->temp_path != NULL && g_rename (self->temp_path, self->target) != 0)
    {
      set_errno_error (error, errno, self->path, NULL);
      return FALSE;
    }
  forget_temp (&self->temp_path);

  /* The rename itself is durable once the directory is synced. The report
   * is complete either way, so a failure here is not worth an error. */
  dir = g_path_get_dirname (self->target);
  dir_fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (dir_fd >= 0)
    {
      if (fsync (dir_fd) != 0)
        g_debug ("%s: directory not synced: %s", dir, g_strerror (errno));
      g_close (dir_fd, NULL);
    }

  return TRUE;
}

/**
 * pr_output_file_commit:
 * @self: a #PrOutputFile
 * @error: return location for a #GError
 *
 * Replaces the target: the temporary file is synced to the disk and
 * renamed over it. If anything fails (a full disk, say), the temporary
 * file is removed and the target left as it was. Once only.
 *
 * Returns: %FALSE with @error set if the data could not be written
 */
gboolean
pr_output_file_commit (PrOutputFile  *self,
                       GError       **error)
{
  g_return_val_if_fail (self != NULL && self->temp_path != NULL, FALSE);

  if (!commit (self, error))
    {
      discard (self);
      return FALSE;
    }
  return TRUE;
}

/**
 * pr_output_file_free:
 * @self: (transfer full) (nullable): a #PrOutputFile
 *
 * Frees it; if it was not committed, its temporary file is removed and
 * the target left as it was.
 */
void
pr_output_file_free (PrOutputFile *self)
{
  if (self == NULL)
    return;

  discard (self);
  /* Unclosed stream: close it with a cancelled cancellable, so that what
   * is still buffered is dropped instead of written to nowhere. */
  if (!g_output_stream_is_closed (self->stream))
    {
      g_autoptr(GCancellable) cancel = g_cancellable_new ();

      g_cancellable_cancel (cancel);
      g_output_stream_close (self->stream, cancel, NULL);
    }
  g_object_unref (self->stream);
  g_free (self->path);
  g_free (self->target);
  g_free (self);
}
