/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Stopping in time when memory runs out. A command line tool under a
 * small address space (`ulimit -v`) used to end in a trap (g_malloc ()
 * aborts when it gets nothing) or a segmentation fault: ICU's word break
 * iterator dereferences a null pointer on some of its allocation failures
 * instead of returning U_MEMORY_ALLOCATION_ERROR. Here ICU allocates
 * through functions that stop the process with a message naming memory
 * before ICU sees a null pointer, and GLib's own "failed to allocate" and
 * "creating thread" errors give the same message instead of the trap.
 *
 * Under an address space limit the threads share one malloc arena, and
 * GRegex's patterns are not JIT-compiled (pr_memory_regex_optimize ()),
 * so the limit goes to the data.
 *
 * The message is translated when the handlers are installed: once memory
 * has run out, gettext may not get any more. The temporary files of
 * outputs not yet committed are removed, as on SIGINT.
 */
#define G_LOG_DOMAIN "pr-memory-stop"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <unicode/uclean.h>

#include "pr-memory-stop.h"
#include "pr-output-file.h"

static __thread int failure_tolerated;
static PrMemoryStopHook stop_hook;
static gint allocations_parked;
static pthread_t kept_thread;
static char *memory_format;
static char *memory_unsized_format;
static char *thread_format;

/**
 * pr_memory_address_space_limit:
 *
 * Returns: the process's address space limit in bytes (RLIMIT_AS, or
 *   RLIMIT_DATA if smaller), or 0 if there is none
 */
guint64
pr_memory_address_space_limit (void)
{
  guint64 limit = 0;
  struct rlimit rl;

  if (getrlimit (RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    limit = rl.rlim_cur;
  if (getrlimit (RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (limit == 0 || rl.rlim_cur < limit))
    limit = rl.rlim_cur;
  return limit;
}

/* Only calls that need no allocation: memory is gone. */
static G_NORETURN void stop (const char *format,
                             gsize       size);

/**
 * pr_memory_tolerate_failure:
 * @tolerate: %TRUE before an allocation whose failure the caller handles
 *   (g_try_malloc ()), %FALSE after it
 *
 * Nests; per thread. See PR_MEMORY_TRY ().
 */
void
pr_memory_tolerate_failure (gboolean tolerate)
{
  failure_tolerated += tolerate ? 1 : -1;
}

/**
 * pr_memory_failure_tolerated:
 *
 * Returns: whether this thread is in an allocation whose failure its
 *   caller handles
 */
gboolean
pr_memory_failure_tolerated (void)
{
  return failure_tolerated > 0;
}

/**
 * pr_memory_stop_now:
 * @size: the bytes that could not be had, or 0 if not known
 *
 * Ends the process at once with exit status 1 and the message of
 * pr_memory_stop_install (), in English before it. Allocates nothing.
 */
void
pr_memory_stop_now (gsize size)
{
  stop (size > 0 ? memory_format : memory_unsized_format, size);
}

/**
 * pr_memory_set_stop_hook:
 * @hook: (nullable): what to do first when memory runs out
 *
 * For a program that can say so elsewhere than on standard error (the
 * window): @hook runs in the thread that could not allocate, before the
 * message is printed and the process ends; it may keep that thread from
 * going on instead of returning.
 */
void
pr_memory_set_stop_hook (PrMemoryStopHook hook)
{
  stop_hook = hook;
}

/**
 * pr_memory_park_allocations:
 * @kept: the thread whose allocations go on
 *
 * Once memory has run out where the work cannot be unwound: from now on
 * an allocation in one of the work's threads waits for ever, so that what
 * is left (a reserve given back) is @kept's. The work's threads are GLib's
 * shared pool's ("pool-…": GTask, a GThreadPool not exclusive) and the
 * program's own ("pr-…", pr_threads_run ()); the toolkit's helpers
 * (Pango's font matching, GDBus) go on: @kept waits for them as it draws.
 * Allocates nothing.
 */
void
pr_memory_park_allocations (pthread_t kept)
{
  kept_thread = kept;
  g_atomic_int_set (&allocations_parked, 1);
}

/**
 * pr_memory_park_if_stopped:
 *
 * Called by the programs' allocator before each allocation: waits for
 * ever after pr_memory_park_allocations () in one of the work's threads.
 */
void
pr_memory_park_if_stopped (void)
{
  char name[16] = "";

  if (G_LIKELY (!g_atomic_int_get (&allocations_parked)) || pthread_equal (pthread_self (), kept_thread))
    return;
  /* The thread's name, read without allocating. */
  if (prctl (PR_GET_NAME, name) != 0 || (strncmp (name, "pool-", 5) != 0 && strncmp (name, "pr-", 3) != 0))
    return;
  for (;;)
    pause ();
}

static void
stop (const char *format,
      gsize       size)
{
  char line[1024];
  guint64 limit = pr_memory_address_space_limit ();
  char limit_text[64] = "";
  int n;

  if (stop_hook != NULL)
    stop_hook (size);
  if (limit > 0)
    snprintf (limit_text, sizeof limit_text, "%llu MiB", (unsigned long long) (limit >> 20));
  else
    snprintf (limit_text, sizeof limit_text, "%s", "-");
  if (format == NULL)
    format = size > 0 ? "%s: not enough memory: %zu bytes could not be had (address space limit: %s)"
                      : "%s: not enough memory (address space limit: %s)";
  if (size > 0)
    n = snprintf (line, sizeof line, format, g_get_prgname (), size, limit_text);
  else
    n = snprintf (line, sizeof line, format, g_get_prgname (), limit_text);
  if (n > 0)
    {
      if ((gsize) n >= sizeof line)
        n = sizeof line - 1;
      line[n++] = '\n';
      if (write (STDERR_FILENO, line, n) < 0)
        {
          /* Nothing more can be said. */
        }
    }
  pr_output_file_remove_temps ();
  _exit (1);
}

static void * U_CALLCONV
icu_alloc (const void *context,
           size_t      size)
{
  void *memory = malloc (size);

  if (memory == NULL && size > 0)
    stop (memory_format, size);
  return memory;
}

static void * U_CALLCONV
icu_realloc (const void *context,
             void       *memory,
             size_t      size)
{
  void *larger = realloc (memory, size);

  if (larger == NULL && size > 0)
    stop (memory_format, size);
  return larger;
}

static void U_CALLCONV
icu_free (const void *context,
          void       *memory)
{
  free (memory);
}

static const char *
field_value (const GLogField *fields,
             gsize            n_fields,
             const char      *key)
{
  for (gsize i = 0; i < n_fields; i++)
    if (strcmp (fields[i].key, key) == 0 && fields[i].length < 0)
      return fields[i].value;
  return NULL;
}

static GLogWriterOutput
writer (GLogLevelFlags   log_level,
        const GLogField *fields,
        gsize            n_fields,
        gpointer         user_data)
{
  if (log_level & G_LOG_LEVEL_ERROR)
    {
      const char *domain = field_value (fields, n_fields, "GLIB_DOMAIN");
      const char *message = field_value (fields, n_fields, "MESSAGE");
      const char *bytes;

      if (g_strcmp0 (domain, "GLib") == 0 && message != NULL)
        {
          if ((bytes = strstr (message, "failed to allocate ")) != NULL)
            {
              gsize size = g_ascii_strtoull (bytes + strlen ("failed to allocate "), NULL, 10);

              stop (size > 0 ? memory_format : memory_unsized_format, size);
            }
          if (strstr (message, "creating thread") != NULL)
            stop (thread_format, 0);
        }
    }
  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/**
 * pr_memory_stop_install:
 *
 * For a command line program, before it uses ICU or starts a thread:
 * makes an allocation that fails in GLib or ICU, or a thread that cannot
 * be started, end the process with exit status 1 and a message that names
 * memory and the way out, instead of a trap or a segmentation fault.
 */
void
pr_memory_stop_install (void)
{
  static gsize installed;
  UErrorCode status = U_ZERO_ERROR;

  /* Once a process: GLib takes one log writer, ICU its allocator before
   * its first use (an application started twice in one test program). */
  if (!g_once_init_enter (&installed))
    return;

  /* Translators: the first %s is the program, %zu the bytes asked for,
   * the second %s the address space limit ("200 MiB", or "-" if none).
   * Printed as memory runs out: keep the conversions as they are. */
  memory_format = g_strdup (_("%s: not enough memory: %zu bytes could not be had (address space limit: %s). "
                              "Raise the limit (ulimit -v unlimited) or close other programs, or make the job "
                              "smaller: a lower k, the boilerplate left out (--idf-max-share 0.5, "
                              "--part-max-records N), fewer threads (--threads 1)"));
  /* Translators: as above, without the bytes. */
  memory_unsized_format = g_strdup (_("%s: not enough memory (address space limit: %s). Raise the limit (ulimit -v "
                                      "unlimited) or close other programs, or make the job smaller: a lower k, the "
                                      "boilerplate left out (--idf-max-share 0.5, --part-max-records N), fewer "
                                      "threads (--threads 1)"));
  /* Translators: %s is the program, the second %s the address space limit. */
  thread_format = g_strdup (_("%s: not enough memory to start a worker thread (address space limit: %s). "
                              "Raise the limit (ulimit -v unlimited), or run with fewer threads (--threads 1)"));
#ifdef M_ARENA_MAX
  /* Each thread's malloc arena reserves 64 MiB of address space, most of
   * it never used: under a limit the scarce thing, so one arena for all. */
  if (pr_memory_address_space_limit () > 0)
    mallopt (M_ARENA_MAX, 1);
#endif
  u_setMemoryFunctions (NULL, icu_alloc, icu_realloc, icu_free, &status);
  if (U_FAILURE (status))
    g_debug ("ICU's allocator was not replaced (%s): ICU was already in use", u_errorName (status));
  g_log_set_writer_func (writer, NULL, NULL);
  g_once_init_leave (&installed, 1);
}

/**
 * pr_memory_regex_optimize:
 *
 * GRegex's JIT (PCRE2's) crashes in its matching code, not failing, when
 * its memory cannot be had: under an address space limit the patterns are
 * interpreted instead, a little slower and safe.
 *
 * Returns: %G_REGEX_OPTIMIZE, or 0 under an address space limit
 */
GRegexCompileFlags
pr_memory_regex_optimize (void)
{
  return pr_memory_address_space_limit () > 0 ? 0 : G_REGEX_OPTIMIZE;
}
