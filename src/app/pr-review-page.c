/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrReviewPage: the window's review page: the cluster list (searched,
 * filtered, sorted by any column) beside the compare view of the cluster
 * chosen. The decisions are the window's actions; this page shows their
 * outcome.
 */
#define G_LOG_DOMAIN "pr-review-page"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-review-page.h"

#include "pr-chain-view.h"

/* In the order of the filter dropdown's items (pr-window.ui). */
typedef enum {
  FILTER_UNREVIEWED,
  FILTER_REVIEWED,
  FILTER_ALL,
  FILTER_SAME_PETITIONER,   /* with a repeat by the primary's petitioner */
  FILTER_OTHER_PETITIONER,  /* with the same matter from another */
} ClusterFilter;

struct _PrReviewPage
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkWidget            *search_entry;
  GtkWidget            *filter_dropdown;
  GtkWidget            *summary_label;
  GtkWidget            *cluster_view;
  GtkColumnViewColumn  *number_column;  /* titled as the clusters are named: case or place */
  GtkWidget            *compare_view;

  PrSession            *session;
  GCancellable         *fetching;      /* the compare view's records being read */
  GtkSingleSelection   *selection;
  GtkCustomFilter      *filter;
  GtkSortListModel     *sorted;
};

G_DEFINE_FINAL_TYPE (PrReviewPage, pr_review_page, GTK_TYPE_WIDGET)

enum {
  CHANGED,
  ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The line under the list: the scan's figures. */
void
pr_review_page_update_summary (PrReviewPage *self)
{
  guint n = pr_session_get_n_clusters (self->session);
  guint reviewed = pr_session_get_n_reviewed (self->session);
  const PrScanCounts *counts = pr_session_get_counts (self->session);
  g_autofree char *text = NULL;
  GPtrArray *bad_rows;

  if (counts == NULL)
    return;
  /* Translators: records scanned, new, changed, pairs of repeats found, clusters, reviewed clusters */
  text = g_strdup_printf (_("%llu records (%llu new, %llu changed since the last scan); %llu pairs of repeats "
                            "in %u clusters, %u reviewed"),
                          (unsigned long long) counts->records, (unsigned long long) counts->new_records,
                          (unsigned long long) counts->changed_records, (unsigned long long) counts->pairs,
                          n, reviewed);
  bad_rows = pr_session_get_bad_rows (self->session);
  if (bad_rows != NULL && bad_rows->len > 0)
    {
      /* The rows left out stay in view: a clerk corrects them in the table. */
      g_autoptr(GString) list = g_string_new (NULL);
      char *with_bad = g_strdup_printf (ngettext ("%s; %u bad row left out (%s)", "%s; %u bad rows left out (%s…)",
                                                  bad_rows->len),
                                        text, bad_rows->len, (const char *) bad_rows->pdata[0]);

      g_free (text);
      text = with_bad;
      for (guint i = 0; i < MIN (bad_rows->len, 20); i++)
        g_string_append_printf (list, "%s%s", i > 0 ? "\n" : "", (const char *) bad_rows->pdata[i]);
      gtk_widget_set_tooltip_text (self->summary_label, list->str);
    }
  else
    gtk_widget_set_tooltip_text (self->summary_label, NULL);
  gtk_label_set_text (GTK_LABEL (self->summary_label), text);
}

/* The cluster list */

static gboolean
filter_cluster (gpointer item,
                gpointer user_data)
{
  PrReviewPage *self = user_data;
  PrClusterItem *cluster = item;
  guint which = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown));
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  gboolean reviewed = pr_cluster_item_get_reviewed (cluster);

  if ((which == FILTER_UNREVIEWED && reviewed) || (which == FILTER_REVIEWED && !reviewed))
    return FALSE;
  /* Kept counts: the filter runs over every cluster, 100,000 of them. */
  if ((which == FILTER_SAME_PETITIONER && pr_cluster_item_get_n_same_petitioner (cluster) == 0) ||
      (which == FILTER_OTHER_PETITIONER && pr_cluster_item_get_n_other_petitioner (cluster) == 0))
    return FALSE;
  if (search[0] != '\0')
    {
      g_autofree char *subject = NULL;

      g_object_get (cluster, "subject", &subject, NULL);
      if (strstr (subject, search) != NULL)
        return TRUE;
      for (guint m = 0; m < pr_cluster_item_get_n_members (cluster); m++)
        if (strstr (pr_cluster_item_get_member (cluster, m)->id, search) != NULL)
          return TRUE;
      return FALSE;
    }
  return TRUE;
}

static void
filter_changed (PrReviewPage *self)
{
  guint which;
  const PrMapping *mapping;

  /* The template's signals come before the page is whole. */
  if (self->session == NULL)
    return;
  which = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown));
  mapping = pr_session_get_mapping (self->session);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  /* Say why the list is empty, rather than leave the reviewer guessing. */
  if ((which == FILTER_SAME_PETITIONER || which == FILTER_OTHER_PETITIONER) &&
      mapping != NULL && pr_mapping_count_petitioner (mapping) == 0)
    gtk_label_set_text (GTK_LABEL (self->summary_label),
                        _("No column of the scan tells who the petitioner is: on the mapping page, say "
                          "which column holds the ID card, phone, name or petitioner id, and scan again."));
  else
    pr_review_page_update_summary (self);
}

/* One reading of a cluster's records; a newer one makes it stale. */
typedef struct {
  PrReviewPage      *self;
  PrClusterItem *item;
  GCancellable  *cancellable;
} Fetch;

static void
fetch_free (Fetch *fetch)
{
  g_object_unref (fetch->self);
  g_object_unref (fetch->item);
  g_object_unref (fetch->cancellable);
  g_free (fetch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fetch, fetch_free)

static void
records_fetched (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(Fetch) fetch = user_data;
  PrReviewPage *self = fetch->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = pr_session_fetch_finish (PR_SESSION (object), result, &error);

  if (g_cancellable_is_cancelled (fetch->cancellable) || self->fetching != fetch->cancellable)
    return;
  g_clear_object (&self->fetching);
  if (records == NULL)
    {
      g_signal_emit (self, signals[ERROR], 0, _("Cannot read the cluster's records"), error);
      return;
    }
  pr_compare_view_show (PR_COMPARE_VIEW (self->compare_view), fetch->item,
                        pr_session_get_mapping (self->session), pr_session_get_boilerplate (self->session), records);
  pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (PR_COMPARE_VIEW (self->compare_view))),
                             self->session, fetch->item);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Shows @item (nullable) in the compare view, once its records are read. */
void
pr_review_page_show_cluster (PrReviewPage  *self,
                             PrClusterItem *item)
{
  Fetch *fetch;

  if (self->fetching != NULL)
    g_cancellable_cancel (self->fetching);
  g_clear_object (&self->fetching);
  if (item == NULL)
    {
      pr_compare_view_clear (PR_COMPARE_VIEW (self->compare_view), _("No cluster chosen."));
      pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (PR_COMPARE_VIEW (self->compare_view))),
                                 NULL, NULL);
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  self->fetching = g_cancellable_new ();
  fetch = g_new0 (Fetch, 1);
  fetch->self = g_object_ref (self);
  fetch->item = g_object_ref (item);
  fetch->cancellable = g_object_ref (self->fetching);
  pr_session_fetch_async (self->session, item, self->fetching, records_fetched, fetch);
}

static void
selection_changed (PrReviewPage *self)
{
  if (self->session == NULL)
    return;
  pr_review_page_show_cluster (self, gtk_single_selection_get_selected_item (self->selection));
}

/* The list's cells (pr-review-page.ui): a count as text. */
static char *
format_uint (gpointer unused,
             guint    value)
{
  return g_strdup_printf ("%u", value);
}

/* With a store the clusters are named by their case numbers, which stay
 * from scan to scan; else by their place in the list. */
static void
title_number_column (GListModel   *clusters,
                     guint         position,
                     guint         removed,
                     guint         added,
                     PrReviewPage *self)
{
  g_autoptr(PrClusterItem) first = g_list_model_get_item (clusters, 0);

  if (first != NULL)
    gtk_column_view_column_set_title (self->number_column,
                                      /* Translators: a column of the cluster list: the case number,
                                       * which stays from scan to scan (案件号) */
                                      pr_cluster_item_get_is_case (first) ? _("Case") : _("No."));
}

/* The list's models and columns are in pr-review-page.ui; the clusters
 * at the bottom of the chain are the session's. */
static void
setup_cluster_list (PrReviewPage *self)
{
  gtk_custom_filter_set_filter_func (self->filter, filter_cluster, self, NULL);
  gtk_sort_list_model_set_model (self->sorted, pr_session_get_clusters (self->session));
  gtk_sort_list_model_set_sorter (self->sorted, gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->cluster_view)));
  g_signal_connect_object (pr_session_get_clusters (self->session), "items-changed",
                           G_CALLBACK (title_number_column), self, 0);
}

/* Selects the next cluster shown that is not reviewed, after the one
 * selected, and scrolls to it. */
void
pr_review_page_select_next_unreviewed (PrReviewPage *self)
{
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (model);
  guint current = gtk_single_selection_get_selected (self->selection);

  for (guint step = 1; step <= n; step++)
    {
      guint i = (current == GTK_INVALID_LIST_POSITION ? step - 1 : current + step) % n;
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (!pr_cluster_item_get_reviewed (item))
        {
          gtk_single_selection_set_selected (self->selection, i);
          gtk_widget_activate_action (self->cluster_view, "list.scroll-to-item", "u", i);
          return;
        }
    }
  gtk_label_set_text (GTK_LABEL (self->summary_label), _("Every cluster shown has been reviewed."));
}

/* Selects the cluster of @record_id (a sample pair of the threshold
 * preview), showing every cluster if the filter hides it. */
void
pr_review_page_show_record (PrReviewPage *self,
                            const char   *record_id)
{
  PrClusterItem *wanted = pr_session_find_cluster (self->session, record_id);
  GListModel *model = G_LIST_MODEL (self->selection);

  if (wanted == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (item == wanted)
        {
          gtk_single_selection_set_selected (self->selection, i);
          gtk_widget_activate_action (self->cluster_view, "list.scroll-to-item", "u", i);
          return;
        }
    }
  /* Filtered out: every cluster, searched for that record. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->filter_dropdown), FILTER_ALL);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), record_id);
}

/* The list holds new clusters (a scan, another k): filtered anew. */
void
pr_review_page_refilter (PrReviewPage *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

/* Clears the compare view, saying @message, while the list is replaced. */
void
pr_review_page_clear (PrReviewPage *self,
                      const char   *message)
{
  pr_compare_view_clear (PR_COMPARE_VIEW (self->compare_view), message);
  pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (PR_COMPARE_VIEW (self->compare_view))),
                             NULL, NULL);
}

void
pr_review_page_set_summary (PrReviewPage *self,
                            const char   *text)
{
  gtk_label_set_text (GTK_LABEL (self->summary_label), text);
}

const char *
pr_review_page_get_summary (PrReviewPage *self)
{
  return gtk_label_get_text (GTK_LABEL (self->summary_label));
}

void
pr_review_page_focus_list (PrReviewPage *self)
{
  gtk_widget_grab_focus (self->cluster_view);
}

void
pr_review_page_focus_search (PrReviewPage *self)
{
  gtk_widget_grab_focus (self->search_entry);
}

/* Returns: (transfer none): the compare view */
PrCompareView *
pr_review_page_get_compare_view (PrReviewPage *self)
{
  return PR_COMPARE_VIEW (self->compare_view);
}

/* The list shows @session's clusters. Set once. */
void
pr_review_page_set_session (PrReviewPage *self,
                            PrSession    *session)
{
  g_return_if_fail (self->session == NULL);

  self->session = g_object_ref (session);
  setup_cluster_list (self);
}

/* GObject */

static void
pr_review_page_dispose (GObject *object)
{
  PrReviewPage *self = PR_REVIEW_PAGE (object);
  GtkWidget *child;

  if (self->fetching != NULL)
    g_cancellable_cancel (self->fetching);
  /* Disposing the column view takes its columns, and with them the
   * sorter's column, from the sort model: it re-sorts, and the selection
   * would tell this page of a new item while its widgets go: the
   * selection and the filter call on it no more. */
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  if (self->filter != NULL)
    gtk_custom_filter_set_filter_func (self->filter, NULL, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_REVIEW_PAGE);
  /* The template's top box is not bound: unparented here. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->fetching);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (pr_review_page_parent_class)->dispose (object);
}

static void
pr_review_page_class_init (PrReviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_review_page_dispose;

  /* The cluster shown changed, or its records were read: the window's
   * actions follow. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Something failed: what (for the reviewer), and the error. */
  signals[ERROR] = g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);

  g_type_ensure (PR_TYPE_COMPARE_VIEW);
  g_type_ensure (PR_TYPE_CLUSTER_ITEM);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-review-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PrReviewPage, name)
  BIND (search_entry);
  BIND (filter_dropdown);
  BIND (summary_label);
  BIND (cluster_view);
  BIND (compare_view);
  BIND (number_column);
  BIND (selection);
  BIND (filter);
  BIND (sorted);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, format_uint);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed);
}

static void
pr_review_page_init (PrReviewPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
