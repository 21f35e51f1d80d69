/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where an output named by the user really goes: every file the programs
 * write (the command line's reports, the application's export) is found
 * here, so that one rule decides which symbolic links are followed.
 *
 * A link to a report stays a link and the file it points to is replaced,
 * except where the link may be a trap: in a sticky folder anyone may
 * write to (/tmp), a link that neither the writer nor the folder's owner
 * owns is refused, as the kernel's fs.protected_symlinks does. Another
 * user could have put it there to make this program overwrite a file of
 * the writer's. The rule holds here whatever the kernel is set to, since
 * the file replaced is found by reading the links, not by open().
 */
#define G_LOG_DOMAIN "pr-output-path"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-output-path.h"

/* As the kernel's limit on symlinks followed in one lookup. */
#define MAX_LINKS 40

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *path)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("cannot write %s: %s"), path, g_strerror (saved_errno));
}

/* The kernel's fs.protected_symlinks: a link in a sticky, world-writable
 * folder is followed only by its owner, or when the folder's owner owns
 * it too. @link_st is the link's own (lstat). */
static gboolean
may_follow (const char         *path,
            const char         *link_dir,
            const struct stat  *link_st,
            GError            **error)
{
  struct stat dir_st;

  if (g_stat (link_dir, &dir_st) != 0)
    return TRUE;   /* the walk below reports a missing folder */
  if ((dir_st.st_mode & S_ISVTX) == 0 || (dir_st.st_mode & S_IWOTH) == 0 ||
      link_st->st_uid == geteuid () || link_st->st_uid == dir_st.st_uid)
    return TRUE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
               _("cannot write %s: it is, or leads through, a symbolic link in %s (a folder anyone may write "
                 "to) that neither you nor the folder's owner owns; another user may have put it there to have "
                 "another file overwritten: write the output elsewhere, or remove the link"), path, link_dir);
  return FALSE;
}

/* Puts @path's parts, in order, before those still to walk; @owned
 * keeps their text. */
static void
push_parts (GQueue     *parts,
            GPtrArray  *owned,
            const char *path)
{
  char **split = g_strsplit (path, "/", -1);

  for (guint i = g_strv_length (split); i > 0; i--)
    {
      g_ptr_array_add (owned, split[i - 1]);
      if (split[i - 1][0] != '\0' && strcmp (split[i - 1], ".") != 0)
        g_queue_push_head (parts, split[i - 1]);
    }
  g_free (split);
}

/**
 * pr_output_path_resolve:
 * @path: the file to write, as the user named it
 * @st: (out caller-allocates): the file's status, when it exists
 * @exists: (out): whether the file exists
 * @error: return location for a #GError
 *
 * Follows @path's symbolic links, of its folders and of its last part,
 * under the rule above, as the kernel walks a path. A file that
 * does not exist yet must have its folder: an output into a folder that
 * is not there is refused here, before any work.
 *
 * Errors are in the %G_IO_ERROR domain, their message starting
 * "cannot write @path: ".
 *
 * Returns: (transfer full) (nullable): the file to write or replace
 */
char *
pr_output_path_resolve (const char   *path,
                        struct stat  *st,
                        gboolean     *exists,
                        GError      **error)
{
  g_autofree char *current = NULL;
  g_autoptr(GQueue) parts = NULL;
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  guint links = 0;

  g_return_val_if_fail (path != NULL, NULL);

  /* "report.csv/" names a folder: canonicalized, it would be written as
   * the file report.csv. */
  if (path[0] != '\0' && G_IS_DIR_SEPARATOR (path[strlen (path) - 1]))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("cannot write %s: the name ends with “/”, so it names a folder, not a file: name the file "
                     "to write"), path);
      return NULL;
    }

  /* Part by part, as the kernel walks a path: a link to a folder on the
   * way is judged as one at the end, and ".." after a link leaves the
   * folder the link led to, not the one the link is in. */
  if (g_path_is_absolute (path))
    current = g_strdup ("/");
  else
    current = g_get_current_dir ();
  parts = g_queue_new ();
  push_parts (parts, owned, path);
  while (!g_queue_is_empty (parts))
    {
      const char *part = g_queue_pop_head (parts);
      g_autofree char *candidate = NULL;
      g_autofree char *link = NULL;
      g_autoptr(GError) local_error = NULL;
      gboolean last = g_queue_is_empty (parts);

      if (strcmp (part, "..") == 0)
        {
          /* current holds no link, so its parent is the kernel's "..". */
          char *parent = g_path_get_dirname (current);

          g_free (current);
          current = parent;
          continue;
        }
      candidate = g_build_filename (current, part, NULL);
      if (g_lstat (candidate, st) != 0)
        {
          int saved_errno = errno;

          if (saved_errno != ENOENT)
            {
              set_errno_error (error, saved_errno, path);
              return NULL;
            }
          /* A new file (or a dangling link's target): its folder must be
           * there, or the work would be done for nothing. */
          if (!last)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("cannot write %s: the folder %s does not exist: create it first, or name a file in "
                             "a folder that exists"), path, candidate);
              return NULL;
            }
          *exists = FALSE;
          return g_steal_pointer (&candidate);
        }
      if (!S_ISLNK (st->st_mode))
        {
          if (!last && !S_ISDIR (st->st_mode))
            {
              set_errno_error (error, ENOTDIR, path);
              return NULL;
            }
          g_free (current);
          current = g_steal_pointer (&candidate);
          continue;
        }

      if (++links > MAX_LINKS)
        {
          set_errno_error (error, ELOOP, path);
          return NULL;
        }
      if (!may_follow (path, current, st, error))
        return NULL;
      /* A link the kernel follows to what is no file to replace: a
       * device, or /proc/self/fd/1 to "pipe:[…]" (for -o /dev/stdout into
       * a pipe), which names no path to walk but open() reaches. */
      {
        struct stat target_st;

        if (last && g_stat (candidate, &target_st) == 0 && !S_ISREG (target_st.st_mode) &&
            !S_ISDIR (target_st.st_mode))
          {
            *st = target_st;
            *exists = TRUE;
            return g_steal_pointer (&candidate);
          }
      }
      link = g_file_read_link (candidate, &local_error);
      if (link == NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("cannot write %s: "), path);
          return NULL;
        }
      /* A relative link is relative to its folder (current). */
      if (g_path_is_absolute (link))
        {
          g_free (current);
          current = g_strdup ("/");
        }
      push_parts (parts, owned, link);
    }

  /* The path ends in a folder ("." or ".." or "/"). */
  if (g_stat (current, st) != 0)
    {
      set_errno_error (error, errno, path);
      return NULL;
    }
  *exists = TRUE;
  return g_steal_pointer (&current);
}

/**
 * pr_output_path_check:
 * @path: an output file, as the user named it
 * @error: return location for a #GError
 *
 * For a program to call before any work: whether @path can be written,
 * as far as can be told without writing (pr_output_path_resolve (); a
 * file that is replaced, or a new one, needs a folder it may create a
 * file in).
 *
 * Returns: %FALSE with @error set if it cannot
 */
gboolean
pr_output_path_check (const char  *path,
                      GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  struct stat st;
  gboolean exists = FALSE;

  target = pr_output_path_resolve (path, &st, &exists, error);
  if (target == NULL)
    return FALSE;
  if (exists && !S_ISREG (st.st_mode))
    {
      if (g_access (target, W_OK) != 0)
        {
          set_errno_error (error, errno, path);
          return FALSE;
        }
      return TRUE;
    }
  dir = g_path_get_dirname (target);
  if (g_access (dir, W_OK | X_OK) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("cannot write %s: cannot create a file in %s: %s"), path, dir, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/**
 * pr_output_path_identity:
 * @path: a file, as the user named it
 * @output: whether the program writes @path (else it reads it)
 * @error: return location for a #GError
 *
 * What two names of one file have in common, so that an output that
 * would replace an input, or another output, is found before any work:
 * "DEVICE:INODE" for a regular file that exists (whatever links or hard
 * links lead to it); for an output not there yet, the path it will have,
 * its folder's links followed. An input that is not there, and a device
 * or pipe (two outputs to /dev/null are fine), have none.
 *
 * Returns: (transfer full) (nullable): the key, or %NULL: with @error set
 *   if @output cannot be written (pr_output_path_resolve ()), else none
 */
char *
pr_output_path_identity (const char  *path,
                         gboolean     output,
                         GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *real_dir = NULL;
  g_autofree char *base = NULL;
  struct stat st;
  gboolean exists = FALSE;

  g_return_val_if_fail (path != NULL, NULL);

  if (!output)
    {
      if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
        return NULL;
      return g_strdup_printf ("%ju:%ju", (uintmax_t) st.st_dev, (uintmax_t) st.st_ino);
    }
  target = pr_output_path_resolve (path, &st, &exists, error);
  if (target == NULL)
    return NULL;
  if (exists)
    {
      if (!S_ISREG (st.st_mode))
        return NULL;
      return g_strdup_printf ("%ju:%ju", (uintmax_t) st.st_dev, (uintmax_t) st.st_ino);
    }
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  real_dir = realpath (dir, NULL);
  return g_build_filename (real_dir != NULL ? real_dir : dir, base, NULL);
}
