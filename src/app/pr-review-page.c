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
#include "pr-focus.h"

#include "pr-chain-view.h"
#include "pr-cluster-cells.h"
#include "pr-cluster-sorter.h"
#include "pr-date.h"
#include "pr-date-range-filter.h"
#include "pr-identity.h"
#include "pr-paced-model.h"
#include "pr-search-filter.h"

/* In the order of the state dropdown's items (pr-review-page.ui). */
typedef enum {
  FILTER_UNREVIEWED,
  FILTER_REVIEWED,
  FILTER_ALL,
} StateFilter;

/* In the order of the kind dropdown's items. */
typedef enum {
  KIND_ANY,
  KIND_SAME_PETITIONER,   /* with a repeat by the primary's petitioner */
  KIND_OTHER_PETITIONER,  /* with the same matter from another */
} KindFilter;

/* The office's kinds, in the order of the kind-of-repeat dropdown's items. */
static const PrRepeatKind repeat_kinds[] = {
  PR_REPEAT_KIND_NONE,  /* any kind */
  PR_REPEAT_KIND_REPEAT,
  PR_REPEAT_KIND_SAME_MATTER,
  PR_REPEAT_KIND_MULTI_SEND,
  PR_REPEAT_KIND_SAME_PERSON,
};

struct _PrReviewPage
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkWidget            *search_entry;
  GtkWidget            *filter_dropdown;
  GtkWidget            *kind_dropdown;
  GtkWidget            *repeat_kind_dropdown;
  GtkWidget            *date_from;
  GtkWidget            *date_to;
  GtkWidget            *list_stack;
  GtkWidget            *empty_label;
  GtkWidget            *clear_filters_button;
  GtkWidget            *summary_label;
  GtkWidget            *cluster_view;
  GtkColumnViewColumn  *number_column;  /* titled as the clusters are named: case or place */
  GtkWidget            *compare_view;

  PrSession            *session;
  GCancellable         *fetching;      /* the compare view's records being read */
  gboolean              fetching_other; /* ... of another case than the one on show */
  char                 *wanted_record; /* to choose once its cluster is shown (a sample pair's) */
  PrClusterItem        *wanted_item;   /* its cluster (owned) */
  GCancellable         *wanted_after;  /* the reading in flight when it was asked for, or NULL (owned) */
  GCancellable         *searching;     /* the table being searched */
  gboolean              refiltering;   /* the search filter itself moves the selection */
  gboolean              choosing;      /* choose_shown () moves the selection */
  PrClusterItem        *picked;        /* chosen by the clerk while the search ran */
  guint                 state_shown;   /* the state and kind dropdowns' choices the list follows */
  guint                 kind_shown;
  guint                 repeat_kind_shown;
  char                 *date_error;    /* why the date range cannot be read, or NULL */
  GtkSingleSelection   *selection;
  PrPacedModel         *paced;
  GtkFilterListModel   *filtered;
  GtkEveryFilter       *filter;
  GtkCustomFilter      *state_filter;
  GtkCustomFilter      *kind_filter;
  GtkCustomFilter      *repeat_kind_filter;
  PrDateRangeFilter    *date_filter;
  PrSearchFilter       *search_filter;
  GtkSortListModel     *sorted;
  PrClusterItem        *to_select;     /* to choose once the paced list shows it, or NULL */
  PrClusterItem        *chosen;        /* the case chosen last (owned), or NULL */
  gboolean              filtered_out;  /* a filter took the chosen case out of the list */
  PrClusterItem        *first_chosen;  /* the first case shown, chosen so (owned), until the clerk chooses */
  guint                 filter_changes; /* the filters' changes since search_listed () */
  gboolean              only_widened;   /* each of them only added rows */
  gboolean              next_when_worked; /* Ctrl+J waits for the order and filters on their way */
  gboolean              settling;       /* the search waits for the filter to be worked out */
  int                   settle_before;  /* meanwhile: whether the case on show was listed before (Listed) */
  /* The tick that gives the chosen case's row the focus once the list
   * has made it, and the list it runs on. */
  guint                 focus_tick;
  guint                 focus_tick_frames;
  GtkWidget            *focus_tick_list;
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
  if (counts->records > 0 && counts->new_records == counts->records)
    /* Translators: records scanned, pairs of repeats found, clusters, reviewed clusters; the table's
     * first scan: no record was in the store before, so none is "new since the last scan" */
    text = g_strdup_printf (_("%llu records (the table's first scan); %llu pairs of repeats in %u cases, "
                              "%u reviewed"),
                            (unsigned long long) counts->records, (unsigned long long) counts->pairs, n, reviewed);
  else
    /* Translators: records scanned, new, changed, pairs of repeats found, clusters, reviewed clusters */
    text = g_strdup_printf (_("%llu records (%llu new, %llu changed since the last scan); %llu pairs of repeats "
                              "in %u cases, %u reviewed"),
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
  /* The identity values that are no evidence, counted over the whole
   * table: a scan opened from the store read its cases' records only. */
  if (!pr_session_get_from_store (self->session) && pr_session_get_record_set (self->session) != NULL)
    {
      g_autofree char *identities = pr_identity_table_describe (pr_session_get_record_set (self->session)->identities);

      if (identities != NULL)
        {
          char *with_identities = g_strdup_printf ("%s\n%s", text, identities);

          g_free (text);
          text = with_identities;
        }
    }
  gtk_label_set_text (GTK_LABEL (self->summary_label), text);
}

/* The cluster list */

static void paced_changed (PrReviewPage *self);
static void list_worked (PrReviewPage *self);
static gboolean choose_first (PrReviewPage *self);

static gboolean
filter_state (gpointer item,
              gpointer user_data)
{
  PrReviewPage *self = user_data;
  guint which = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown));
  gboolean reviewed;

  /* Every state: no need to read the members of 10^5 clusters. */
  if (which == FILTER_ALL)
    return TRUE;
  reviewed = pr_cluster_item_get_reviewed (item);
  return !((which == FILTER_UNREVIEWED && reviewed) || (which == FILTER_REVIEWED && !reviewed));
}

static gboolean
filter_kind (gpointer item,
             gpointer user_data)
{
  PrReviewPage *self = user_data;
  guint which = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->kind_dropdown));

  /* Kept counts: the filter runs over every cluster, 100,000 of them. */
  return !((which == KIND_SAME_PETITIONER && pr_cluster_item_get_n_same_petitioner (item) == 0) ||
           (which == KIND_OTHER_PETITIONER && pr_cluster_item_get_n_other_petitioner (item) == 0));
}

static gboolean
filter_repeat_kind (gpointer item,
                    gpointer user_data)
{
  PrReviewPage *self = user_data;
  guint which = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->repeat_kind_dropdown));

  return which == 0 || which >= G_N_ELEMENTS (repeat_kinds) || pr_cluster_item_has_kind (item, repeat_kinds[which]);
}

/* Whether any filter leaves a cluster out. */
static gboolean
filtering (PrReviewPage *self)
{
  return gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown)) != FILTER_ALL ||
         gtk_drop_down_get_selected (GTK_DROP_DOWN (self->kind_dropdown)) != KIND_ANY ||
         gtk_drop_down_get_selected (GTK_DROP_DOWN (self->repeat_kind_dropdown)) != 0 ||
         pr_date_range_filter_get_active (self->date_filter) ||
         pr_search_filter_get_text (self->search_filter)[0] != '\0';
}

/* The choice a filter's dropdown shows, appended to @filters. */
static void
add_choice (GPtrArray *filters,
            GtkWidget *dropdown)
{
  GObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));

  if (GTK_IS_STRING_OBJECT (item))
    g_ptr_array_add (filters, g_strdup (gtk_string_object_get_string (GTK_STRING_OBJECT (item))));
}

/* The filters applied, one after another: which of them to clear when
 * none is shown. A date range not read is not listed (its error is). */
static char *
describe_filters (PrReviewPage *self)
{
  g_autoptr(GPtrArray) filters = g_ptr_array_new_with_free_func (g_free);
  const char *search = pr_search_filter_get_text (self->search_filter);
  gint64 first, last;
  g_autofree char *from = NULL, *to = NULL;

  if (pr_date_range_filter_get_days (self->date_filter, &first, &last))
    {
      from = first != PR_DATE_NONE ? pr_date_format_day (first) : NULL;
      to = last != PR_DATE_NONE ? pr_date_format_day (last) : NULL;
    }
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown)) != FILTER_ALL)
    add_choice (filters, self->filter_dropdown);
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->kind_dropdown)) != KIND_ANY)
    add_choice (filters, self->kind_dropdown);
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->repeat_kind_dropdown)) != 0)
    add_choice (filters, self->repeat_kind_dropdown);
  if (from != NULL)
    /* Translators: a filter in use, in the list of them: the date range's first day */
    g_ptr_array_add (filters, g_strdup_printf (_("from %s"), from));
  if (to != NULL)
    /* Translators: a filter in use, in the list of them: the date range's last day */
    g_ptr_array_add (filters, g_strdup_printf (_("to %s"), to));
  if (*search != '\0')
    /* Translators: a filter in use, in the list of them: the text searched for */
    g_ptr_array_add (filters, g_strdup_printf (_("search “%s”"), search));
  g_ptr_array_add (filters, NULL);
  /* Translators: the separator of the filters in use, in the list of them */
  return g_strjoinv (_(", "), (char **) filters->pdata);
}

/* An empty list says why: the scan found nothing, or the filters hide
 * every case (with a button that clears them), naming them. */
static void
update_empty (PrReviewPage *self)
{
  gboolean empty;

  if (self->session == NULL)
    return;
  /* No clusters is known at once; none shown, once all are filtered. */
  empty = pr_session_get_counts (self->session) != NULL &&
          (pr_session_get_n_clusters (self->session) == 0 ||
           (g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) == 0 &&
            gtk_filter_list_model_get_pending (self->filtered) == 0 &&
            pr_session_get_list_complete (self->session)));
  if (!empty)
    {
      gtk_stack_set_visible_child_name (GTK_STACK (self->list_stack), "list");
      return;
    }
  if (pr_session_get_n_clusters (self->session) == 0)
    {
      gtk_label_set_text (GTK_LABEL (self->empty_label), _("This scan found no repeats."));
      gtk_widget_set_visible (self->clear_filters_button, FALSE);
    }
  else
    {
      g_autoptr(GString) text = g_string_new (_("No case matches the filters."));

      if (self->date_error != NULL)
        g_string_append_printf (text, "\n%s", self->date_error);
      else if (pr_search_filter_get_pending (self->search_filter))
        g_string_append_printf (text, "\n%s", _("Still searching every field of the records…"));
      else if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown)) == FILTER_UNREVIEWED &&
               pr_session_get_n_reviewed (self->session) == pr_session_get_n_clusters (self->session))
        g_string_append_printf (text, "\n%s", _("Every case has been reviewed."));
      g_autofree char *filters = filtering (self) ? describe_filters (self) : NULL;

      if (filters != NULL && *filters != '\0')
        {
          /* Translators: under "No case matches the filters.": the filters
           * the clerk set, such as "Unreviewed, search “王某”" */
          g_string_append_printf (text, "\n");
          g_string_append_printf (text, _("Filters in use: %s"), filters);
        }
      gtk_label_set_text (GTK_LABEL (self->empty_label), text->str);
      gtk_widget_set_visible (self->clear_filters_button, filtering (self));
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->list_stack), "empty");
}

/* Whether the list's order or filters are still worked out, a slice per
 * turn (at 10^5 cases either takes longer than a frame). */
static gboolean
list_working (PrReviewPage *self)
{
  return gtk_sort_list_model_get_pending (self->sorted) != 0 || gtk_filter_list_model_get_pending (self->filtered) != 0;
}

/* Once the list is whole, a change of order or filters reaches the view
 * when it is worked out: GTK's incremental filter takes every row out
 * first and puts back those that match a slice at a time, and its sort
 * shows the orders on the way. Meanwhile the rows that were shown stay,
 * and the case chosen with them. While the session fills the list, the
 * clusters that arrive are shown as they are filtered. */
static void
pause_list (PrReviewPage *self)
{
  pr_paced_model_set_paused (self->paced, pr_session_get_list_complete (self->session) && list_working (self));
}

/* A filter's choice changed to @now. To the choice that keeps every
 * cluster, the list need look only at the rows it hides (on any other
 * change GTK's list looks at every row again); a row shown that no longer matches a decision made
 * since stays, as it does until a filter changes. */
static void
widened_to (GtkCustomFilter *filter,
            guint            now,
            guint            all,
            guint           *shown)
{
  if (now == *shown)
    return;
  *shown = now;
  gtk_filter_changed (GTK_FILTER (filter), now == all ? GTK_FILTER_CHANGE_LESS_STRICT : GTK_FILTER_CHANGE_DIFFERENT);
}

static void
filter_changed (PrReviewPage *self)
{
  guint kind;
  const PrMapping *mapping;

  /* The template's signals come before the page is whole. */
  if (self->session == NULL)
    return;
  kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->kind_dropdown));
  mapping = pr_session_get_mapping (self->session);
  widened_to (self->state_filter, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown)), FILTER_ALL,
              &self->state_shown);
  widened_to (self->kind_filter, kind, KIND_ANY, &self->kind_shown);
  widened_to (self->repeat_kind_filter, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->repeat_kind_dropdown)), 0,
              &self->repeat_kind_shown);
  /* Say why the list is empty, rather than leave the reviewer guessing. */
  if ((kind != KIND_ANY || self->repeat_kind_shown != 0) && mapping != NULL &&
      pr_mapping_count_petitioner (mapping) == 0)
    gtk_label_set_text (GTK_LABEL (self->summary_label),
                        _("No column of the scan tells who the petitioner is: on the mapping page, say "
                          "which column holds the ID card, phone, name or petitioner id, and scan again."));
  else
    pr_review_page_update_summary (self);
  update_empty (self);
}

static void
dates_changed (PrReviewPage *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->session == NULL)
    return;
  ok = pr_date_range_filter_set_texts (self->date_filter, gtk_editable_get_text (GTK_EDITABLE (self->date_from)),
                                       gtk_editable_get_text (GTK_EDITABLE (self->date_to)), &error);
  g_clear_pointer (&self->date_error, g_free);
  if (!ok)
    self->date_error = g_strdup (error->message);
  /* The entry at fault marked (both, for a range the wrong way round);
   * the message under the list. */
  {
    gboolean bad[2];

    for (guint i = 0; i < 2; i++)
      {
        g_autoptr(PrDateRangeFilter) one = pr_date_range_filter_new ();
        const char *text = gtk_editable_get_text (GTK_EDITABLE (i == 0 ? self->date_from : self->date_to));

        bad[i] = !pr_date_range_filter_set_texts (one, i == 0 ? text : "", i == 1 ? text : "", NULL);
      }
    for (guint i = 0; i < 2; i++)
      {
        GtkWidget *entry = i == 0 ? self->date_from : self->date_to;

        if (bad[i] || (!ok && !bad[0] && !bad[1]))
          gtk_widget_add_css_class (entry, "error");
        else
          gtk_widget_remove_css_class (entry, "error");
      }
  }
  if (!ok)
    gtk_label_set_text (GTK_LABEL (self->summary_label), self->date_error);
  else
    pr_review_page_update_summary (self);
  update_empty (self);
}

/* Typing a day: applied at once while both can be read (or are empty);
 * a day half typed waits for Enter or for the box to be left. */
static void
dates_edited (PrReviewPage *self)
{
  g_autoptr(PrDateRangeFilter) trial = pr_date_range_filter_new ();

  if (self->session == NULL)
    return;
  if (pr_date_range_filter_set_texts (trial, gtk_editable_get_text (GTK_EDITABLE (self->date_from)),
                                      gtk_editable_get_text (GTK_EDITABLE (self->date_to)), NULL) ||
      self->date_error != NULL)
    dates_changed (self);
}

static gboolean choose_first (PrReviewPage *self);
static void choose_shown (PrReviewPage  *self,
                          PrClusterItem *item);

/* The case on show, as the search settles it. */
static PrClusterItem *
search_shown (PrReviewPage *self)
{
  return self->picked != NULL ? self->picked : pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view));
}

/* Whether the filtered list holds @item: a pass over all of it, each
 * item found by counting (some 65 ms at 10^5 cases). */
static gboolean
filtered_holds (PrReviewPage  *self,
                PrClusterItem *item)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->filtered)); i++)
    {
      g_autoptr(PrClusterItem) at = g_list_model_get_item (G_LIST_MODEL (self->filtered), i);

      if (at == item)
        return TRUE;
    }
  return FALSE;
}

typedef enum { LISTED_NO, LISTED_YES, LISTED_UNKNOWN } Listed;

/* Before a search changes the filter: whether the case on show is
 * listed, where that is cheap to tell (the paced list holds the filtered
 * list's items once it has passed every change on); the filters' changes
 * are counted from here. */
static Listed
search_listed (PrReviewPage *self)
{
  PrClusterItem *shown = search_shown (self);

  self->filter_changes = 0;
  self->only_widened = TRUE;
  if (shown == NULL)
    return LISTED_NO;
  if (gtk_filter_list_model_get_pending (self->filtered) != 0 || pr_paced_model_get_pending (self->paced))
    return LISTED_UNKNOWN;
  return pr_paced_model_holds (self->paced, shown) ? LISTED_YES : LISTED_NO;
}

static void
every_filter_changed (PrReviewPage    *self,
                      GtkFilterChange  change)
{
  self->filter_changes++;
  if (change != GTK_FILTER_CHANGE_LESS_STRICT)
    self->only_widened = FALSE;
}

/* The search has its answer: the case on show stays chosen while the
 * list still holds it, else the first case left is; only then is a case
 * read, not once for each text typed on the way. Whether the list holds
 * it is answered from the filter where it can be: after a change that
 * looked at every row the list holds exactly the cases that match; after
 * one that only added rows, those it held before and those that match
 * (a row whose case a decision took out of the filter stays). */
static void
settle_search (PrReviewPage *self,
               Listed        before)
{
  PrClusterItem *shown = search_shown (self);
  PrClusterItem *selected;
  gboolean kept = FALSE;

  if (shown == NULL)
    kept = FALSE;
  else if (gtk_filter_list_model_get_pending (self->filtered) != 0)
    kept = filtered_holds (self, shown);
  else if (self->filter_changes == 0)
    kept = before == LISTED_UNKNOWN ? filtered_holds (self, shown) : before == LISTED_YES;
  else if (!self->only_widened)
    kept = gtk_filter_match (GTK_FILTER (self->filter), shown);
  else if (gtk_filter_match (GTK_FILTER (self->filter), shown) || before == LISTED_YES)
    kept = TRUE;
  else
    kept = before == LISTED_UNKNOWN && filtered_holds (self, shown);
  self->refiltering = TRUE;
  if (kept)
    choose_shown (self, shown);
  else
    choose_first (self);
  self->refiltering = FALSE;
  g_clear_object (&self->picked);
  selected = gtk_single_selection_get_selected_item (self->selection);
  if (self->to_select == NULL && self->fetching == NULL &&
      selected != pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view)))
    pr_review_page_show_cluster (self, selected);
}

/* Settles the search once the filter is worked out (list_worked ()):
 * which cases it keeps is known only then. */
static void
settle_when_worked (PrReviewPage *self,
                    Listed        before)
{
  self->settling = list_working (self);
  self->settle_before = before;
  if (!self->settling)
    settle_search (self, before);
}

static void
searched (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(PrReviewPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) clusters = pr_session_search_finish (PR_SESSION (object), result, &error);
  Listed before;

  /* A search done just as a newer one began answers an old text. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->session == NULL ||
      g_task_get_cancellable (G_TASK (result)) != self->searching)
    return;
  g_clear_object (&self->searching);
  if (clusters == NULL)
    {
      /* What is in memory (ids, subjects) is still searched. */
      g_signal_emit (self, signals[ERROR], 0, _("Cannot search the records' fields; only ids and subjects were searched"),
                     error);
      clusters = g_hash_table_new (NULL, NULL);
    }
  before = search_listed (self);
  self->refiltering = TRUE;
  pr_search_filter_set_matches (self->search_filter, clusters);
  self->refiltering = FALSE;
  settle_when_worked (self, before);
  update_empty (self);
}

/* Ids and subjects at once; every mapped field when the table is read. */
static void
search_changed (PrReviewPage *self)
{
  const char *text;
  Listed before;

  if (self->session == NULL)
    return;
  text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  /* The text whose table search is under way, told again (the entry
   * tells of a text after its delay, when a caller may have told of it at
   * once): the table is read once for it, not begun again. */
  if (self->searching != NULL)
    {
      g_autofree char *needle = pr_session_search_normalize (text);

      if (g_strcmp0 (needle, pr_search_filter_get_text (self->search_filter)) == 0)
        return;
      g_cancellable_cancel (self->searching);
    }
  g_clear_object (&self->searching);
  self->settling = FALSE;
  /* The full search's answer moves to the first case only if this text
   * hid the case chosen (selection_changed ()). */
  g_clear_object (&self->first_chosen);
  /* Searching from before the list follows the text: its passing choices
   * are not read (selection_changed ()). */
  self->searching = g_cancellable_new ();
  g_clear_object (&self->picked);
  before = search_listed (self);
  self->refiltering = TRUE;
  pr_search_filter_set_text (self->search_filter, text);
  self->refiltering = FALSE;
  if (pr_search_filter_get_pending (self->search_filter))
    pr_session_search_async (self->session, text, self->searching, searched, g_object_ref (self));
  else
    {
      g_clear_object (&self->searching);
      settle_when_worked (self, before);
    }
  update_empty (self);
}

/* Escape in the search field, as in GNOME's applications: the text goes
 * and the list takes the focus back, where the arrow keys move through the
 * cases again. */
static void
search_stopped (PrReviewPage *self)
{
  if (*gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0')
    {
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      /* At once, not after the entry's delay. */
      search_changed (self);
    }
  pr_review_page_focus_list (self);
}

/* Whether a search still reads the table. */
gboolean
pr_review_page_get_searching (PrReviewPage *self)
{
  return self->searching != NULL || self->settling;
}

/* Shows every case: all states, petitioners and kinds of repeat, any date,
 * no search. */
void
pr_review_page_clear_filters (PrReviewPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  search_changed (self);
  gtk_editable_set_text (GTK_EDITABLE (self->date_from), "");
  gtk_editable_set_text (GTK_EDITABLE (self->date_to), "");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->kind_dropdown), KIND_ANY);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->repeat_kind_dropdown), 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->filter_dropdown), FILTER_ALL);
  pr_review_page_focus_list (self);
}

/**
 * pr_review_page_dup_shown:
 *
 * While the session still fills the list (a piece at a time), the
 * cases the filters keep are taken from the clusters themselves, in their
 * order, rather than the part of the list done so far.
 *
 * Returns: (transfer full): the cases the filters keep, all of them
 */
GListModel *
pr_review_page_dup_shown (PrReviewPage *self)
{
  GListModel *clusters = pr_session_get_clusters (self->session);
  GListStore *kept;

  if (gtk_filter_list_model_get_pending (self->filtered) == 0 && gtk_sort_list_model_get_pending (self->sorted) == 0 &&
      pr_session_get_list_complete (self->session))
    {
      /* The paced list holds the filtered list's items once it has passed
       * every change on, and hands out each at once: the filtered list
       * finds its n-th item by counting (the export reads every one). */
      if (!pr_paced_model_get_pending (self->paced))
        return g_object_ref (G_LIST_MODEL (self->paced));
      return g_object_ref (G_LIST_MODEL (self->filtered));
    }
  kept = g_list_store_new (PR_TYPE_CLUSTER_ITEM);
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      if (gtk_filter_match (GTK_FILTER (self->filter), item))
        g_list_store_append (kept, item);
    }
  return G_LIST_MODEL (kept);
}

static void
forget_wanted_record (PrReviewPage *self)
{
  g_clear_pointer (&self->wanted_record, g_free);
  g_clear_object (&self->wanted_item);
  g_clear_object (&self->wanted_after);
}

/* The record asked for by pr_review_page_show_record (), once its cluster
 * is in the compare view: chosen there, beside the primary. Records of
 * another case may come first (the case shown before, still being read
 * when the record was asked for): the wanted record waits for its own. */
static void
select_wanted_record (PrReviewPage *self)
{
  PrCompareView *compare = PR_COMPARE_VIEW (self->compare_view);
  PrClusterItem *item = pr_compare_view_get_item (compare);
  int at, now;

  if (self->wanted_record == NULL || item == NULL || pr_compare_view_get_selected_id (compare) == NULL)
    return;
  at = pr_cluster_item_find_member (item, self->wanted_record);
  if (at < 0)
    return;
  forget_wanted_record (self);
  now = pr_cluster_item_find_member (item, pr_compare_view_get_selected_id (compare));
  if (now >= 0 && at != now)
    pr_compare_view_select_member (compare, at - now);
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
  gtk_widget_set_sensitive (self->compare_view, TRUE);
  if (records == NULL)
    {
      g_signal_emit (self, signals[CHANGED], 0);
      g_signal_emit (self, signals[ERROR], 0, _("Cannot read the case's records"), error);
      return;
    }
  pr_compare_view_show (PR_COMPARE_VIEW (self->compare_view), fetch->item,
                        pr_session_get_mapping (self->session), pr_session_get_boilerplate (self->session), records);
  /* Another case, chosen after the record was asked for and shown while
   * the list has settled: the clerk's own choice, which ends the wait. */
  if (self->wanted_record != NULL && fetch->item != self->wanted_item && fetch->cancellable != self->wanted_after &&
      self->to_select == NULL && !pr_review_page_get_searching (self) && !pr_paced_model_get_pending (self->paced) &&
      gtk_filter_list_model_get_pending (self->filtered) == 0)
    forget_wanted_record (self);
  select_wanted_record (self);
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
  gtk_widget_set_sensitive (self->compare_view, TRUE);
  if (item == NULL)
    {
      pr_compare_view_clear (PR_COMPARE_VIEW (self->compare_view), _("No case chosen."));
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
  /* Until its records come, the case shown is the one before: greyed, and
   * no decision goes to it while the list names another. The same case
   * read again (after a decision) stays as it is. */
  self->fetching_other = item != pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view));
  if (self->fetching_other)
    {
      /* The focus in it (on Next Difference after F8, say) goes back to
       * the list, where the case was chosen: greyed, GTK would give it to
       * the window's first control, and the arrow keys would no longer
       * move through the cases. */
      pr_focus_leave (self->compare_view, self->cluster_view);
      gtk_widget_set_sensitive (self->compare_view, FALSE);
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

/* Shows @item, the case on show, after a step of the clerk's was logged
 * or refused: at once, from the records already read (a decision changes
 * the case, not its records), so the compare view follows the log in the
 * same turn as the list. Read again when a record is missing, or when
 * write-back puts the decision into the source rows the view shows. */
void
pr_review_page_show_decided (PrReviewPage  *self,
                             PrClusterItem *item)
{
  if (self->fetching == NULL && !pr_session_get_writes_back (self->session) &&
      pr_compare_view_show_again (PR_COMPARE_VIEW (self->compare_view), item))
    {
      pr_chain_view_set_cluster (PR_CHAIN_VIEW (pr_compare_view_get_chain_view (PR_COMPARE_VIEW (self->compare_view))),
                                 self->session, item);
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  pr_review_page_show_cluster (self, item);
}

/* Returns: (nullable) (transfer none): the case chosen in the list */
PrClusterItem *
pr_review_page_get_chosen (PrReviewPage *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

/* Whether the compare view still shows the case before the one chosen,
 * whose records are being read. */
gboolean
pr_review_page_get_fetching (PrReviewPage *self)
{
  return self->fetching != NULL && self->fetching_other;
}

/* The list changed under the selection. When a filter took the chosen
 * case out, GTK's selection keeps its place and so lands on some case in
 * the middle of what is left: noted here, while the case chosen before is
 * known, and the first case shown chosen instead (selection_changed ()). */
static void
selection_items_changed (PrReviewPage *self,
                         guint         position,
                         guint         removed,
                         guint         added)
{
  if (removed > 0 && self->chosen != NULL &&
      gtk_single_selection_get_selected_item (self->selection) != self->chosen &&
      !gtk_filter_match (GTK_FILTER (self->filter), self->chosen))
    self->filtered_out = TRUE;
}

/* Chooses the first case the filters leave (and shows it); whether it
 * is chosen at once. */
static gboolean
choose_first (PrReviewPage *self)
{
  g_autoptr(PrClusterItem) first = g_list_model_get_item (G_LIST_MODEL (self->filtered), 0);

  g_set_object (&self->first_chosen, first);
  if (first == NULL || first == self->chosen)
    return FALSE;
  choose_shown (self, first);
  return self->to_select == NULL;
}

static void
selection_changed (PrReviewPage *self)
{
  if (self->session == NULL)
    return;
  /* A case chosen by a click or an action while an earlier choice waits
   * for the list to show its case: the later choice wins. The list's own
   * changes move the selection from within the paced model's signals. */
  if (!self->choosing && g_signal_get_invocation_hint (self->paced) == NULL)
    {
      g_clear_object (&self->to_select);
      self->next_when_worked = FALSE;
    }
  g_set_object (&self->chosen, gtk_single_selection_get_selected_item (self->selection));
  if (self->chosen != self->first_chosen && self->to_select != self->first_chosen)
    g_clear_object (&self->first_chosen);
  if (self->filtered_out)
    {
      self->filtered_out = FALSE;
      /* Chosen now: shown by the selection's own change. */
      if (choose_first (self))
        return;
    }
  /* The case chosen stays chosen while a change reaches the list. */
  pr_paced_model_set_keep (self->paced, gtk_single_selection_get_selected_item (self->selection));
  /* While the text typed is searched for, the choices the filter itself
   * makes are not read: the answer settles which case is shown
   * (settle_search ()). The clerk's own choice is read at once, and kept. */
  if (pr_review_page_get_searching (self) && self->refiltering)
    return;
  if (pr_review_page_get_searching (self))
    g_set_object (&self->picked, gtk_single_selection_get_selected_item (self->selection));
  /* Rows put in above it move the case shown, and GTK tells each move as
   * a change of the selected item: a sort at 10^5 cases told it a
   * thousand times, each reading and laying the case out again. */
  if (self->chosen != NULL && self->chosen == pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view)) &&
      (self->fetching == NULL || !self->fetching_other))
    return;
  pr_review_page_show_cluster (self, gtk_single_selection_get_selected_item (self->selection));
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

/* GTK 4.8's list moves the focus from row to row on Tab: a keyboard
 * could not leave a list of hundreds of cases. Tab goes on to the compare
 * view, Shift+Tab back to the filters; the arrows move in the list. */
static gboolean
list_key_pressed (PrReviewPage    *self,
                  guint            keyval,
                  guint            keycode,
                  GdkModifierType  state)
{
  if (keyval == GDK_KEY_ISO_Left_Tab || (keyval == GDK_KEY_Tab && (state & GDK_SHIFT_MASK)))
    return gtk_widget_grab_focus (self->date_to);
  if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab)
    return gtk_widget_child_focus (self->compare_view, GTK_DIR_TAB_FORWARD);
  return FALSE;
}

/* The list's models and columns are in pr-review-page.ui; the clusters
 * at the bottom of the chain are the session's. */
static void
setup_cluster_list (PrReviewPage *self)
{
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_name (keys, "list-tab-out");
    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect_object (keys, "key-pressed", G_CALLBACK (list_key_pressed), self, G_CONNECT_SWAPPED);
    gtk_widget_add_controller (self->cluster_view, keys);
  }
  gtk_custom_filter_set_filter_func (self->state_filter, filter_state, self, NULL);
  gtk_custom_filter_set_filter_func (self->kind_filter, filter_kind, self, NULL);
  gtk_custom_filter_set_filter_func (self->repeat_kind_filter, filter_repeat_kind, self, NULL);
  g_signal_connect_object (self->filtered, "items-changed", G_CALLBACK (update_empty), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "items-changed", G_CALLBACK (selection_items_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->filtered, "notify::pending", G_CALLBACK (update_empty), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->filtered, "notify::pending", G_CALLBACK (list_worked), self, G_CONNECT_SWAPPED);
  /* Only the rows the list has made are paced. */
  pr_paced_model_set_made_func (self->paced, pr_cluster_cells_get_bound);
  pr_paced_model_set_view (self->paced, self->cluster_view);
  g_signal_connect_object (self->paced, "items-changed", G_CALLBACK (paced_changed), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->paced, "notify::pending", G_CALLBACK (paced_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sorted, "notify::pending", G_CALLBACK (list_worked), self, G_CONNECT_SWAPPED);
  gtk_sort_list_model_set_model (self->sorted, pr_session_get_clusters (self->session));
  gtk_sort_list_model_set_sorter (self->sorted, gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->cluster_view)));
  g_signal_connect_object (pr_session_get_clusters (self->session), "items-changed",
                           G_CALLBACK (title_number_column), self, 0);
}

/* Whether the keyboard's focus is @widget or inside it. */
static gboolean
has_focus_within (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The row of the case chosen takes the focus, when the list has it: GTK
 * 4.8's list keeps it on the row it last had, whatever is chosen since.
 * A tick comes before the frame's layout, which makes the row scrolled
 * to: it is looked for again at the next frames, a few. */
static gboolean
focus_chosen_row (GtkWidget     *list_view,
                  GdkFrameClock *clock,
                  gpointer       data)
{
  PrReviewPage *self = data;
  guint selected = gtk_single_selection_get_selected (self->selection);
  GtkWidget *row;

  if (has_focus_within (list_view) && selected != GTK_INVALID_LIST_POSITION)
    {
      row = pr_cluster_cells_find_row (list_view, selected);
      if (row == NULL && ++self->focus_tick_frames < 5)
        return G_SOURCE_CONTINUE;
      if (row != NULL)
        gtk_widget_grab_focus (row);
    }
  self->focus_tick = 0;
  self->focus_tick_list = NULL;
  return G_SOURCE_REMOVE;
}

/* Brings row @position into view. GTK 4.8's column view keeps its rows
 * in a list view inside it, which has the list's actions: asked of the
 * column view, the action is not found. With the focus in the list, the
 * focus goes to that row too: left on the row last clicked, the arrow
 * keys would go on from there, and the window, given the focus back,
 * would scroll back to it. */
static void
scroll_to (PrReviewPage *self,
           guint         position)
{
  gboolean list_focused = has_focus_within (self->cluster_view);

  for (GtkWidget *child = gtk_widget_get_first_child (self->cluster_view); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      {
        /* The scroll also moves the row GTK gives the list's focus to. */
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
        if (list_focused)
          {
            GtkWidget *row = pr_cluster_cells_find_row (child, position);

            if (row != NULL && gtk_widget_grab_focus (row))
              return;
            /* Scrolled to from far, the row is made at the next frame:
             * until then the focus stays with the list. */
            gtk_widget_grab_focus (child);
            if (self->focus_tick == 0)
              {
                self->focus_tick_list = child;
                self->focus_tick_frames = 0;
                self->focus_tick = gtk_widget_add_tick_callback (child, focus_chosen_row, self, NULL);
              }
          }
        return;
      }
}

/* Chooses @item where the list shows it now, and brings it into view;
 * one a change still on its way to the list does not show yet is chosen
 * once it does. While a change is on its way the item is only chosen:
 * GTK 4.8 makes the rows around a row scrolled to in that very turn, at
 * a place the change then moves the item from; paced_changed () scrolls
 * once the change is whole. */
static void
choose_shown (PrReviewPage  *self,
              PrClusterItem *item)
{
  GListModel *shown = G_LIST_MODEL (self->selection);

  g_clear_object (&self->to_select);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(PrClusterItem) at = g_list_model_get_item (shown, i);

      if (at == item)
        {
          self->choosing = TRUE;
          gtk_single_selection_set_selected (self->selection, i);
          self->choosing = FALSE;
          if (!pr_paced_model_get_pending (self->paced))
            scroll_to (self, i);
          return;
        }
    }
  self->to_select = g_object_ref (item);
}

/* The paced list changed: the case waited for is chosen once it is
 * shown; the case chosen is brought into view once the change is whole. */
static void
paced_changed (PrReviewPage *self)
{
  guint selected;

  if (self->to_select != NULL)
    {
      g_autoptr(PrClusterItem) item = g_steal_pointer (&self->to_select);

      choose_shown (self, item);
      if (self->to_select != NULL && !pr_paced_model_get_pending (self->paced))
        g_clear_object (&self->to_select);
      return;
    }
  selected = gtk_single_selection_get_selected (self->selection);
  if (!pr_paced_model_get_pending (self->paced) && selected != GTK_INVALID_LIST_POSITION)
    scroll_to (self, selected);
}

/* The order or the filters worked out a slice further: once whole, the
 * list reaches the view, and the search and Ctrl+J that waited go on. */
static void
list_worked (PrReviewPage *self)
{
  pause_list (self);
  if (list_working (self))
    return;
  if (self->settling)
    {
      self->settling = FALSE;
      settle_search (self, self->settle_before);
      update_empty (self);
    }
  if (self->next_when_worked)
    pr_review_page_select_next_unreviewed (self);
}

/* Selects the next cluster shown that is not reviewed, after the one
 * selected, and scrolls to it. */
void
pr_review_page_select_next_unreviewed (PrReviewPage *self)
{
  /* Looked for in the list as the filters and order make it, which the
   * paced model may not have passed on whole yet: in the model it
   * follows, without passing the rest on in one turn. */
  GListModel *model = G_LIST_MODEL (self->filtered);
  gpointer selected = self->to_select != NULL ? self->to_select : gtk_single_selection_get_selected_item (self->selection);
  guint n = g_list_model_get_n_items (model), current = GTK_INVALID_LIST_POSITION;

  /* An order and the filters are worked out a slice per turn (10^5
   * cases in one turn hold the window): the next case is the next in the
   * list they make, so it is looked for once that is whole (list_worked ()). */
  self->next_when_worked = list_working (self) && pr_session_get_list_complete (self->session);
  if (self->next_when_worked)
    return;
  for (guint i = 0; i < n && selected != NULL && current == GTK_INVALID_LIST_POSITION; i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (item == selected)
        current = i;
    }
  for (guint step = 1; step <= n; step++)
    {
      guint i = (current == GTK_INVALID_LIST_POSITION ? step - 1 : current + step) % n;
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (!pr_cluster_item_get_reviewed (item))
        {
          choose_shown (self, item);
          /* Past the end the search starts again at the top: said, or
           * the clerk would take the first case for a new one. */
          if (current != GTK_INVALID_LIST_POSITION && i == current)
            gtk_label_set_text (GTK_LABEL (self->summary_label),
                                _("This is the only case shown that still needs review."));
          else if (current != GTK_INVALID_LIST_POSITION && i < current)
            gtk_label_set_text (GTK_LABEL (self->summary_label),
                                _("Past the last case: back to the first case shown that needs review."));
          return;
        }
    }
  gtk_label_set_text (GTK_LABEL (self->summary_label), _("Every case shown has been reviewed."));
}

/* Selects the cluster of @record_id (a sample pair of the threshold
 * preview), showing every cluster if the filter hides it. */
void
pr_review_page_show_record (PrReviewPage *self,
                            const char   *record_id)
{
  PrClusterItem *wanted = pr_session_find_cluster (self->session, record_id);
  GListModel *model = G_LIST_MODEL (self->filtered);

  if (wanted == NULL)
    return;
  forget_wanted_record (self);
  self->wanted_record = g_strdup (record_id);
  self->wanted_item = g_object_ref (wanted);
  /* The records of the case being read now may come first: they do not
   * end the wait. */
  self->wanted_after = self->fetching != NULL ? g_object_ref (self->fetching) : NULL;
  /* Shown already: chosen at once; else once its records are read. */
  if (pr_compare_view_get_item (PR_COMPARE_VIEW (self->compare_view)) == wanted && self->fetching == NULL)
    {
      select_wanted_record (self);
      return;
    }
  /* While the filters are worked out, the list holds only part of what
   * they keep. */
  if (gtk_filter_list_model_get_pending (self->filtered) != 0 && gtk_filter_match (GTK_FILTER (self->filter), wanted))
    {
      choose_shown (self, wanted);
      return;
    }
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (item == wanted)
        {
          choose_shown (self, wanted);
          return;
        }
    }
  /* Filtered out: every cluster, searched for that record. */
  pr_review_page_clear_filters (self);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), record_id);
  search_changed (self);
}

/* Returns: (transfer full) (nullable): the case numbered @number */
static PrClusterItem *
find_case (PrReviewPage *self,
           guint         number)
{
  GListModel *clusters = pr_session_get_clusters (self->session);

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      if (pr_cluster_item_get_is_case (item) && pr_cluster_item_get_number (item) == number)
        return g_steal_pointer (&item);
    }
  return NULL;
}

/* Chooses the case numbered @number (not 0), or else the unnumbered
 * cluster that holds @primary_id, if the filters show it: the case
 * the reviewer left, come back to. A case goes by its number alone: its
 * primary may have moved to another case since. Returns: whether it is
 * chosen. */
gboolean
pr_review_page_resume_case (PrReviewPage *self,
                            guint         number,
                            const char   *primary_id)
{
  g_autoptr(PrClusterItem) wanted = NULL;

  if (number != 0)
    wanted = find_case (self, number);
  else if (primary_id != NULL && pr_session_find_cluster (self->session, primary_id) != NULL)
    wanted = g_object_ref (pr_session_find_cluster (self->session, primary_id));
  if (wanted == NULL || !gtk_filter_match (GTK_FILTER (self->filter), wanted))
    return FALSE;
  choose_shown (self, wanted);
  return TRUE;
}

/* The list holds new clusters (a scan, another k): filtered anew. */
void
pr_review_page_refilter (PrReviewPage *self)
{
  gtk_filter_changed (GTK_FILTER (self->state_filter), GTK_FILTER_CHANGE_DIFFERENT);
  /* The search's answer was about the old clusters: asked again. */
  pr_search_filter_set_text (self->search_filter, "");
  search_changed (self);
  update_empty (self);
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

/* Gives the keyboard's focus to the row of the case chosen: GTK 4.8's
 * list gives it back to the row it last had, which may be another case's
 * (the arrow keys would go on from there), or to the list's first row. */
void
pr_review_page_focus_list (PrReviewPage *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  gtk_widget_grab_focus (self->cluster_view);
  if (selected != GTK_INVALID_LIST_POSITION)
    scroll_to (self, selected);
}

static void
focus_list_activated (GtkWidget  *widget,
                      const char *action,
                      GVariant   *parameter)
{
  pr_review_page_focus_list (PR_REVIEW_PAGE (widget));
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
  if (self->state_filter != NULL)
    gtk_custom_filter_set_filter_func (self->state_filter, NULL, NULL, NULL);
  if (self->kind_filter != NULL)
    gtk_custom_filter_set_filter_func (self->kind_filter, NULL, NULL, NULL);
  if (self->repeat_kind_filter != NULL)
    gtk_custom_filter_set_filter_func (self->repeat_kind_filter, NULL, NULL, NULL);
  if (self->filtered != NULL)
    g_signal_handlers_disconnect_by_data (self->filtered, self);
  if (self->paced != NULL)
    g_signal_handlers_disconnect_by_data (self->paced, self);
  if (self->sorted != NULL)
    g_signal_handlers_disconnect_by_data (self->sorted, self);
  if (self->focus_tick != 0)
    gtk_widget_remove_tick_callback (self->focus_tick_list, self->focus_tick);
  self->focus_tick = 0;
  g_clear_object (&self->to_select);
  g_clear_object (&self->chosen);
  g_clear_object (&self->first_chosen);
  if (self->searching != NULL)
    g_cancellable_cancel (self->searching);
  g_clear_object (&self->searching);
  g_clear_object (&self->picked);
  g_clear_pointer (&self->date_error, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_REVIEW_PAGE);
  /* The template's top box is not bound: unparented here. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->fetching);
  g_clear_object (&self->session);
  forget_wanted_record (self);

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

  /* Back to the list, where the arrow keys move through the cases: the
   * window's Escape, from anywhere on this page or its header, asks the
   * same of pr_review_page_focus_list (). */
  gtk_widget_class_install_action (widget_class, "review.focus-list", NULL, focus_list_activated);

  g_type_ensure (PR_TYPE_COMPARE_VIEW);
  g_type_ensure (PR_TYPE_CLUSTER_ITEM);
  g_type_ensure (PR_TYPE_CLUSTER_SORTER);
  g_type_ensure (PR_TYPE_DATE_RANGE_FILTER);
  g_type_ensure (PR_TYPE_PACED_MODEL);
  g_type_ensure (PR_TYPE_SEARCH_FILTER);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-review-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PrReviewPage, name)
  BIND (search_entry);
  BIND (filter_dropdown);
  BIND (kind_dropdown);
  BIND (repeat_kind_dropdown);
  BIND (date_from);
  BIND (date_to);
  BIND (list_stack);
  BIND (empty_label);
  BIND (clear_filters_button);
  BIND (filtered);
  BIND (state_filter);
  BIND (kind_filter);
  BIND (repeat_kind_filter);
  BIND (date_filter);
  BIND (search_filter);
  BIND (summary_label);
  BIND (cluster_view);
  BIND (compare_view);
  BIND (number_column);
  BIND (selection);
  BIND (paced);
  BIND (filter);
  BIND (sorted);
#undef BIND
  pr_cluster_cells_bind_template_callbacks (widget_class);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_stopped);
  gtk_widget_class_bind_template_callback (widget_class, dates_changed);
  gtk_widget_class_bind_template_callback (widget_class, dates_edited);
  gtk_widget_class_bind_template_callback (widget_class, pr_review_page_clear_filters);
}

static void
pr_review_page_init (PrReviewPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->filter, "changed", G_CALLBACK (every_filter_changed), self, G_CONNECT_SWAPPED);
}
