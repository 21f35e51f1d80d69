/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Coming back where the reviewer left off: the window, closed, remembers
 * the case chosen (by its number, which names the case in any later scan
 * of the table; a cluster not yet a case by its primary); the table's
 * review, shown again in a later window, opens on it while the filters
 * show it, scrolled to it. A case whose number is gone is not guessed at
 * by its primary, which may have moved to another case: the list opens at
 * its start.
 *
 * A scan's or store's cases reach the list over a few turns, a case far
 * down it last: the case left is looked for once the session says the
 * list is complete. The wait ends without it if the clerk chooses a case
 * meanwhile (the list's own choice of its first case aside) or starts
 * other work (another scan), and the table is checked again when the list
 * is complete. A rescan in the window comes back the same way to the case
 * shown when it started.
 */
#define G_LOG_DOMAIN "pr-window-resume"

#include "config.h"

#include "pr-window-private.h"

static const char *
session_database (PrWindow *self)
{
  const char *database = pr_session_get_database (self->session);

  return database != NULL ? database : "";
}

/* The case the clerk chose (not the one the compare view may still show
 * while the chosen one's records are read), or NULL. */
static PrClusterItem *
chosen_case (PrWindow *self)
{
  PrClusterItem *item = pr_review_page_get_chosen (PR_REVIEW_PAGE (self->review_page));

  if (item == NULL || pr_cluster_item_get_primary_id (item) == NULL || pr_session_get_table (self->session) == NULL)
    return NULL;
  return item;
}

static guint
case_number (PrClusterItem *item)
{
  return pr_cluster_item_get_is_case (item) ? pr_cluster_item_get_number (item) : 0;
}

/* Called as the window closes. */
void
_pr_window_resume_save (PrWindow *self)
{
  PrClusterItem *item;

  if (self->settings == NULL || self->session == NULL || (item = chosen_case (self)) == NULL)
    return;
  g_settings_set (self->settings, "last-case", "(sssu)", session_database (self),
                  pr_session_get_table (self->session), pr_cluster_item_get_primary_id (item), case_number (item));
}

/* Ends the wait for the list, if one runs: the case left is not chosen. */
void
_pr_window_resume_stop (PrWindow *self)
{
  if (self->resume_listed != 0)
    g_signal_handler_disconnect (self->session, self->resume_listed);
  self->resume_listed = 0;
  if (self->resume_chosen != 0)
    g_signal_handler_disconnect (self->review_page, self->resume_chosen);
  self->resume_chosen = 0;
  g_clear_object (&self->resume_seen);
  g_clear_pointer (&self->resume_database, g_free);
  g_clear_pointer (&self->resume_table, g_free);
  g_clear_pointer (&self->resume_primary, g_free);
}

static void
resume_now (PrWindow *self)
{
  if (!pr_review_page_resume_case (PR_REVIEW_PAGE (self->review_page), self->resume_number, self->resume_primary))
    g_debug ("the case %u (of %s) left last is not shown: the list opens at its start", self->resume_number,
             self->resume_primary);
}

/* The list holds every case: the one left is chosen if the session still
 * shows the table it was left in and the filters show it. */
static void
resume_when_listed (PrWindow *self)
{
  if (g_strcmp0 (self->resume_table, pr_session_get_table (self->session)) == 0 &&
      g_strcmp0 (self->resume_database, session_database (self)) == 0)
    resume_now (self);
  else
    g_debug ("the session shows another table than the one left last: its case is not looked for");
  _pr_window_resume_stop (self);
}

/* The case chosen in the list changed while it filled: the list's own
 * choice of its first case is remembered; another choice after it is the
 * clerk's, which the case left does not override. */
static void
resume_chosen_changed (PrWindow *self)
{
  PrClusterItem *chosen = pr_review_page_get_chosen (PR_REVIEW_PAGE (self->review_page));

  if (chosen == NULL || chosen == self->resume_seen)
    return;
  if (self->resume_seen == NULL)
    {
      self->resume_seen = g_object_ref (chosen);
      return;
    }
  g_debug ("a case was chosen while the list filled: the case left last is not looked for");
  _pr_window_resume_stop (self);
}

/* Opens the review on the case numbered @number (not 0), else the
 * cluster of @primary, in @table of @database once the list holds every
 * case (at once if it does). */
static void
resume_at (PrWindow   *self,
           const char *database,
           const char *table,
           guint       number,
           const char *primary)
{
  PrClusterItem *chosen;

  _pr_window_resume_stop (self);
  if (primary == NULL || *primary == '\0' || g_strcmp0 (table, pr_session_get_table (self->session)) != 0 ||
      g_strcmp0 (database, session_database (self)) != 0)
    return;
  self->resume_primary = g_strdup (primary);
  self->resume_number = number;
  if (pr_session_get_list_complete (self->session))
    {
      resume_now (self);
      g_clear_pointer (&self->resume_primary, g_free);
      return;
    }
  self->resume_database = g_strdup (database);
  self->resume_table = g_strdup (table);
  chosen = pr_review_page_get_chosen (PR_REVIEW_PAGE (self->review_page));
  self->resume_seen = chosen != NULL ? g_object_ref (chosen) : NULL;
  self->resume_listed = g_signal_connect_swapped (self->session, "list-complete", G_CALLBACK (resume_when_listed), self);
  self->resume_chosen = g_signal_connect_swapped (self->review_page, "changed", G_CALLBACK (resume_chosen_changed), self);
}

/* Called when a review is shown: the first of the window's, of the table
 * left last, opens on the case left. */
void
_pr_window_resume (PrWindow *self)
{
  g_autofree char *database = NULL, *table = NULL, *primary = NULL;
  guint number;

  if (self->resumed || self->settings == NULL)
    return;
  self->resumed = TRUE;
  g_settings_get (self->settings, "last-case", "(sssu)", &database, &table, &primary, &number);
  resume_at (self, database, table, number, primary);
}

/* Called as a scan starts: the case chosen, to be shown again by the new
 * scan, so that a rescan does not lose the clerk's place. */
void
_pr_window_resume_remember (PrWindow *self)
{
  PrClusterItem *item = chosen_case (self);

  g_clear_pointer (&self->rescan_table, g_free);
  g_clear_pointer (&self->rescan_primary, g_free);
  if (item == NULL)
    return;
  self->rescan_table = g_strdup (pr_session_get_table (self->session));
  self->rescan_primary = g_strdup (pr_cluster_item_get_primary_id (item));
  self->rescan_number = case_number (item);
}

/* Called when the scan started after _pr_window_resume_remember() is
 * shown: the case remembered is shown again, if the new scan has it and
 * the filters show it. */
void
_pr_window_resume_rescanned (PrWindow *self)
{
  g_autofree char *table = g_steal_pointer (&self->rescan_table);
  g_autofree char *primary = g_steal_pointer (&self->rescan_primary);

  if (primary != NULL)
    resume_at (self, session_database (self), table, self->rescan_number, primary);
}

void
_pr_window_resume_dispose (PrWindow *self)
{
  _pr_window_resume_stop (self);
  g_clear_pointer (&self->rescan_table, g_free);
  g_clear_pointer (&self->rescan_primary, g_free);
}
