/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Coming back where the reviewer left off: the window, closed, remembers
 * the case shown (by its primary, which names the case in any later scan
 * of the table); the table's review, shown again in a later window, opens
 * on it while the filters show it, scrolled to it.
 */
#define G_LOG_DOMAIN "pr-window-resume"

#include "config.h"

#include "pr-window-private.h"

/* Called as the window closes. */
void
_pr_window_resume_save (PrWindow *self)
{
  PrClusterItem *item;

  if (self->settings == NULL || self->session == NULL || pr_session_get_table (self->session) == NULL)
    return;
  item = pr_compare_view_get_item (COMPARE_VIEW (self));
  if (item == NULL || pr_cluster_item_get_primary_id (item) == NULL)
    return;
  g_settings_set (self->settings, "last-case", "(sss)",
                  pr_session_get_database (self->session) != NULL ? pr_session_get_database (self->session) : "",
                  pr_session_get_table (self->session), pr_cluster_item_get_primary_id (item));
}

/* The list holds every case of the scan: the one left is chosen if the
 * filters show it. A scan's or store's cases reach the list over a few
 * turns, a case far down it last. */
static gboolean
resume_when_listed (gpointer data)
{
  PrWindow *self = data;
  g_autofree char *primary = NULL;

  if (!pr_session_get_list_complete (self->session))
    return G_SOURCE_CONTINUE;
  self->resume_source = 0;
  primary = g_steal_pointer (&self->resume_primary);
  if (!pr_review_page_resume_case (PR_REVIEW_PAGE (self->review_page), primary))
    g_debug ("the case of %s left last is not shown: the list opens at its start", primary);
  return G_SOURCE_REMOVE;
}

/* Called when a review is shown: the first of the window's, of the table
 * left last, opens on the case left. */
void
_pr_window_resume (PrWindow *self)
{
  g_autofree char *database = NULL, *table = NULL, *primary = NULL;

  if (self->resumed || self->settings == NULL)
    return;
  self->resumed = TRUE;
  g_settings_get (self->settings, "last-case", "(sss)", &database, &table, &primary);
  if (*primary == '\0' || g_strcmp0 (table, pr_session_get_table (self->session)) != 0 ||
      g_strcmp0 (database, pr_session_get_database (self->session) != NULL ? pr_session_get_database (self->session) : "") != 0)
    return;
  self->resume_primary = g_steal_pointer (&primary);
  if (resume_when_listed (self) == G_SOURCE_CONTINUE)
    self->resume_source = g_timeout_add (50, resume_when_listed, self);
}

void
_pr_window_resume_dispose (PrWindow *self)
{
  g_clear_handle_id (&self->resume_source, g_source_remove);
  g_clear_pointer (&self->resume_primary, g_free);
}
