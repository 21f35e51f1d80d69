/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Memory running out in the window's work. The program's allocator
 * (pr-memory-malloc.c), GLib's and ICU's stop the work where an
 * allocation fails (pr-memory-stop.c); a worker thread (a scan, a
 * regrouping) cannot be unwound from there, so it is kept from going on,
 * a reserve of memory put aside at the start is given back, and the
 * window says why the work stopped and that the program must close: the
 * stopped thread still holds what it had, and its locks. Nothing of the
 * work was stored (its transaction is rolled back as the connection
 * closes), and the temporary outputs are removed. Memory running out in
 * the window's own thread ends the program with the message on standard
 * error, as the command-line tool does: that thread would draw the
 * message.
 *
 * The stopped thread may have failed holding any lock (the main
 * context's, in g_source_attach ()), and no memory may be left: it only
 * writes a byte into a pipe the main loop watches, made at the start.
 * From then on the other threads' allocations wait, so that the reserve
 * is the window's thread's alone, and quitting (Ctrl+Q, a signal, the
 * window closed) ends the program as the message's Close does: tearing
 * the windows down would reach objects the stopped work still holds.
 */
#define G_LOG_DOMAIN "pr-memory-window"

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pr-memory-stop.h"
#include "pr-memory-window.h"
#include "pr-output-file.h"

/* Enough for the main loop to show one dialog once the stopped thread's
 * allocation has failed. */
#define RESERVE_SIZE (8 << 20)
/* And address space without memory, under an address space limit: the
 * dialog's font matching starts threads (Pango's), each with a stack
 * of 8 MiB. */
#define ADDRESS_RESERVE_SIZE (32 << 20)

static GtkApplication *the_application;
static char *reserve;
static void *address_reserve = MAP_FAILED;
static char *stopped_format;
static gsize stopped_size;
static gint stopping;
static pthread_t window_thread;
/* Written by the stopped thread, read by the main loop. */
static int stopped_pipe[2] = { -1, -1 };

/**
 * pr_memory_window_stopped:
 *
 * Returns: whether memory ran out in the window's work: the program can
 *   only end (pr_memory_window_exit ())
 */
gboolean
pr_memory_window_stopped (void)
{
  return g_atomic_int_get (&stopping) != 0;
}

/**
 * pr_memory_window_exit:
 *
 * Ends the program after memory ran out in its work, with exit status 1,
 * the temporary outputs removed, and no window torn down.
 */
void
pr_memory_window_exit (void)
{
  pr_output_file_remove_temps ();
  _exit (1);
}

static void
closed (GtkDialog *dialog,
        int        response,
        gpointer   user_data)
{
  pr_memory_window_exit ();
}

static gboolean
show_stopped (int          fd,
              GIOCondition condition,
              gpointer     user_data)
{
  GtkWindow *window = gtk_application_get_active_window (the_application);
  guint64 limit = pr_memory_address_space_limit ();
  g_autofree char *limit_text = limit > 0 ? g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS) : g_strdup ("-");
  g_autofree char *text = g_strdup_printf (stopped_format, limit_text);
  GtkWidget *dialog;

  g_printerr ("%s: %s (%" G_GSIZE_FORMAT " bytes)\n", g_get_prgname (), text, stopped_size);
  dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, GTK_MESSAGE_ERROR,
                                   GTK_BUTTONS_CLOSE, "%s", _("Not enough memory: the work stopped"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", text);
  g_signal_connect (dialog, "response", G_CALLBACK (closed), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  return G_SOURCE_REMOVE;
}

/* Allocates nothing and takes no lock. */
static void
stop_hook (gsize size)
{
  /* The window's own thread: nothing could draw the message. */
  if (pthread_equal (pthread_self (), window_thread))
    return;
  if (g_atomic_int_compare_and_exchange (&stopping, 0, 1))
    {
      stopped_size = size;
      pr_memory_park_allocations (window_thread);
      free (reserve);
      reserve = NULL;
      if (address_reserve != MAP_FAILED)
        munmap (address_reserve, ADDRESS_RESERVE_SIZE);
      address_reserve = MAP_FAILED;
      if (write (stopped_pipe[1], "", 1) != 1)
        {
          /* Nothing more can be said than on standard error. */
          return;
        }
    }
  /* This thread's work cannot go on, nor may it end: its caller would
   * use the memory it did not get. */
  for (;;)
    pause ();
}

/**
 * pr_memory_window_install:
 * @application: the application whose active window says it
 *
 * Before any work: memory that runs out in a worker thread stops that
 * work with a message in the window, and the program after it is read.
 */
void
pr_memory_window_install (GtkApplication *application)
{
  the_application = application;
  if (stopped_format != NULL)
    return;
  window_thread = pthread_self ();
  if (!g_unix_open_pipe (stopped_pipe, FD_CLOEXEC, NULL))
    g_error ("no pipe for the window's work to say that memory ran out");
  g_unix_fd_add (stopped_pipe[0], G_IO_IN, show_stopped, NULL);
  /* Translators: %s is the address space limit ("200 MiB", or "-" if
   * none). Shown once memory has run out: keep the conversion. */
  stopped_format = g_strdup (_("Nothing of it was saved, and Petition Review must close to give the memory back "
                               "(address space limit: %s). Raise the limit (ulimit -v unlimited) or close other "
                               "programs, or scan fewer records or text columns. For many near-identical letters, "
                               "scan with petition-review-cli and a lower k (--k) or the boilerplate left out "
                               "(--idf-max-share 0.5)."));
  pr_memory_stop_install ();
  /* Touched, so that it is memory the process has, not only addresses. */
  reserve = malloc (RESERVE_SIZE);
  if (reserve != NULL)
    memset (reserve, 1, RESERVE_SIZE);
  address_reserve = mmap (NULL, ADDRESS_RESERVE_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  pr_memory_set_stop_hook (stop_hook);
}
