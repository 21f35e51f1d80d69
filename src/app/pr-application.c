/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrApplication: the application — one window, the style sheet, the
 * keyboard shortcuts, About, --sample, and quitting on a signal as on
 * Ctrl+Q. The windows opened over the main one (dialogs, the intake
 * check) belong to it too, so that its shortcuts work there.
 */
#define G_LOG_DOMAIN "pr-application"

#include "config.h"

#include <signal.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "pr-application.h"
#include "pr-help.h"
#include "pr-memory-window.h"

#include "pr-window.h"

/* How long quitting waits for the window's work to let its session go. */
#define SESSION_END_TIMEOUT_S 30

struct _PrApplication
{
  GtkApplication parent_instance;

  gboolean       sample;
  PrSession     *session;        /* (weak) the window's */
  guint          signal_sources[3];
};

G_DEFINE_FINAL_TYPE (PrApplication, pr_application, GTK_TYPE_APPLICATION)

static const struct {
  const char *action;
  const char *accels[3];
} shortcuts[] = {
  { "win.connect", { "<Control>o", NULL } },
  { "win.scan", { "F5", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.thresholds", { "<Control>t", NULL } },
  { "win.intake", { "<Control>i", NULL } },
  { "win.mark-repeat", { "<Control>r", NULL } },
  { "win.mark-not-repeat", { "<Control>d", NULL } },
  { "win.make-primary", { "<Control>p", NULL } },
  { "win.merge", { "<Control>m", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.next-unreviewed", { "<Control>j", NULL } },
  { "win.next-difference", { "F8", NULL } },
  { "win.next-undecided", { "<Control>u", NULL } },
  { "win.next-record", { "<Alt>Right", NULL } },
  { "win.previous-record", { "<Alt>Left", NULL } },
  { "win.search", { "<Control>f", NULL } },
  { "win.history", { "<Control>h", NULL } },
  { "win.preferences", { "<Control>comma", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "app.help", { "F1", NULL } },
  { "app.quit", { "<Control>q", NULL } },
};

/* The application's windows, each held: closing one takes the windows
 * opened over it out of the application's own list. */
static GList *
hold_windows (GtkApplication *application)
{
  GList *held = NULL;

  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    held = g_list_prepend (held, g_object_ref (l->data));
  return g_list_reverse (held);
}

/* Destroys a window opened over another, letting go of that one first:
 * a window destroyed but still held (by the key press under way that
 * quits) would otherwise reach its parent, finalized by then, once it is
 * let go itself. */
static void
destroy_transient (GtkWindow *window)
{
  gtk_window_set_transient_for (window, NULL);
  gtk_window_destroy (window);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GList *windows;

  /* The stopped work still holds what the windows hold. */
  if (pr_memory_window_stopped ())
    pr_memory_window_exit ();
  windows = hold_windows (GTK_APPLICATION (user_data));
  /* The dialogs first (Ctrl+Q may come from one of them), then the main
   * window: closing it cancels its work and saves its size. */
  for (GList *l = windows; l != NULL; l = l->next)
    if (gtk_window_get_transient_for (l->data) != NULL)
      destroy_transient (l->data);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
}

/* The window a shortcut pressed in a dialog is about: the one the dialog
 * belongs to. */
static GtkWindow *
main_window (GtkApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (application);

  while (window != NULL && !PR_IS_WINDOW (window) && gtk_window_get_transient_for (window) != NULL)
    window = gtk_window_get_transient_for (window);
  return window;
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkWindow *window = main_window (GTK_APPLICATION (user_data));
  const char *authors[] = { _("The Petition Review developers"), NULL };

  gtk_show_about_dialog (window,
                         "application", user_data,
                         "program-name", _("Petition Review"),
                         "logo-icon-name", PR_APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Find and review repeat petitions"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  pr_help_show (main_window (GTK_APPLICATION (user_data)));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "help", help_activated },
  { "about", about_activated },
};

/* Asked to stop (a logout, Ctrl+C in a terminal, kill): as Ctrl+Q. */
static gboolean
quit_on_signal (gpointer user_data)
{
  g_action_group_activate_action (G_ACTION_GROUP (user_data), "quit", NULL);
  return G_SOURCE_CONTINUE;
}

static gboolean
wake (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

static void
pr_application_shutdown (GApplication *application)
{
  PrApplication *self = PR_APPLICATION (application);
  gint64 deadline = g_get_monotonic_time () + SESSION_END_TIMEOUT_S * G_USEC_PER_SEC;
  guint waker;

  for (guint i = 0; i < G_N_ELEMENTS (self->signal_sources); i++)
    g_clear_handle_id (&self->signal_sources[i], g_source_remove);
  /* The window is gone, but work it cancelled may still hold its session
   * until its answer is dispatched: the loop runs on until the session
   * ends, so that it stops the private sample server and nothing a
   * decision wrote is cut short; else the server would outlive us. */
  waker = g_timeout_add (100, wake, NULL);
  while (self->session != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (waker);
  if (self->session != NULL)
    g_warning ("The window's work did not end within %d s; quitting without it", SESSION_END_TIMEOUT_S);

  G_APPLICATION_CLASS (pr_application_parent_class)->shutdown (application);
}

/* A window gone takes the windows opened over it with it, at once: they
 * belong to the application, which would otherwise run on for them while
 * work still holds the main window (GTK destroys them with their parent
 * only when it is finalized). */
static void
pr_application_window_removed (GtkApplication *application,
                               GtkWindow      *window)
{
  GList *windows;

  GTK_APPLICATION_CLASS (pr_application_parent_class)->window_removed (application, window);
  windows = hold_windows (application);
  for (GList *l = windows; l != NULL; l = l->next)
    if (gtk_window_get_transient_for (l->data) == window)
      destroy_transient (l->data);
  g_list_free_full (windows, g_object_unref);
}

/**
 * pr_application_add_transient:
 * @window: a window made transient for one of the application's
 *
 * Makes @window one of the application's windows, as its parent is: the
 * application's shortcuts (Ctrl+Q, F1) work in it, Ctrl+Q closes it, and
 * it closes with its parent. A parent without an application (a test's
 * window) leaves @window as it is.
 */
void
pr_application_add_transient (GtkWindow *window)
{
  GtkWindow *parent = gtk_window_get_transient_for (window);
  GtkApplication *application = parent != NULL ? gtk_window_get_application (parent) : NULL;

  if (application != NULL)
    gtk_window_set_application (window, application);
}

/* The application's stylesheet on @display (tests load it too). */
void
pr_application_load_style (GdkDisplay *display)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, "/org/petitionreview/PetitionReview/style.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
pr_application_startup (GApplication *application)
{
  PrApplication *self = PR_APPLICATION (application);
  const int signals[] = { SIGTERM, SIGINT, SIGHUP };

  G_APPLICATION_CLASS (pr_application_parent_class)->startup (application);

  pr_memory_window_install (GTK_APPLICATION (application));
  pr_application_load_style (gdk_display_get_default ());
  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions), application);
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application), shortcuts[i].action, shortcuts[i].accels);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    self->signal_sources[i] = g_unix_signal_add (signals[i], quit_on_signal, application);
}

static void
pr_application_activate (GApplication *application)
{
  PrApplication *self = PR_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    {
      window = GTK_WINDOW (pr_window_new (GTK_APPLICATION (application)));
      g_clear_weak_pointer (&self->session);
      g_set_weak_pointer (&self->session, pr_window_get_session (PR_WINDOW (window)));
      if (self->sample)
        pr_window_open_sample (PR_WINDOW (window));
    }
  gtk_window_present (window);
}

static int
pr_application_handle_local_options (GApplication *application,
                                     GVariantDict *options)
{
  PrApplication *self = PR_APPLICATION (application);

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", _("Petition Review"), PACKAGE_VERSION);
      return 0;
    }
  self->sample = g_variant_dict_contains (options, "sample");
  return -1;
}

static void
pr_application_dispose (GObject *object)
{
  PrApplication *self = PR_APPLICATION (object);

  /* Registered but never run (a test): no shutdown removed them. */
  for (guint i = 0; i < G_N_ELEMENTS (self->signal_sources); i++)
    g_clear_handle_id (&self->signal_sources[i], g_source_remove);
  g_clear_weak_pointer (&self->session);

  G_OBJECT_CLASS (pr_application_parent_class)->dispose (object);
}

static void
pr_application_class_init (PrApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_application_class = GTK_APPLICATION_CLASS (klass);

  gtk_application_class->window_removed = pr_application_window_removed;
  object_class->dispose = pr_application_dispose;

  application_class->startup = pr_application_startup;
  application_class->shutdown = pr_application_shutdown;
  application_class->activate = pr_application_activate;
  application_class->handle_local_options = pr_application_handle_local_options;
}

static void
pr_application_init (PrApplication *self)
{
  const GOptionEntry entries[] = {
    { "sample", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Open the private sample database"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and quit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
}

PrApplication *
pr_application_new (void)
{
  return g_object_new (PR_TYPE_APPLICATION,
                       "application-id", PR_APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/org/petitionreview/PetitionReview",
                       NULL);
}
