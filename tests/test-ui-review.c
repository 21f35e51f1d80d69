/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The review page against a throwaway mariadbd: scan a table with planted
 * repeats, check the cluster list against the planting (a brute-force
 * scan), check why a chosen pair matches, decide through the window's
 * actions, undo and redo, export and read the report back, and check the
 * decision log in the database; the threshold preview, the chains and
 * their splits, others' decisions, and case numbers.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pr-application.h"
#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-connect-dialog.h"
#include "pr-profiles.h"
#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"
#include "pr-tokenizer.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"
#include "pr-chain-view.h"
#include "pr-pair-graph.h"

#include "chain-rows.h"

static gboolean
shows_error (gpointer data)
{
  return pr_window_get_error_text (data) != NULL;
}

/* A record's subject and body without their punctuation. */
static char *
words_only (const char *subject,
            const char *body)
{
  g_autofree char *text = g_strconcat (subject, "\n", body, NULL);
  GString *kept = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_ispunct (g_utf8_get_char (p)))
      g_string_append_unichar (kept, g_utf8_get_char (p));
  return g_string_free (kept, FALSE);
}

/* The clusters the scan must find, computed apart from the application:
 * each row fingerprinted on its own, every pair compared (brute force),
 * pairs within 3 bits joined, and so are copies of one complaint (the same
 * subject and body but for punctuation), which the scan finds by their
 * shared sentences even where another petitioner's name moves the
 * fingerprint beyond k. Returns record id → the smallest id of its
 * cluster, for clustered records only. */
static GHashTable *
brute_force_clusters_at (PrConnection *root,
                         const char   *database,
                         guint         k,
                         guint64      *histogram)
{
  g_autofree char *ids_sql = g_strdup_printf ("SELECT id FROM %s.petitions ORDER BY id", database);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  g_autoptr(GPtrArray) ids = pr_test_query_column (root, ids_sql);
  g_autoptr(GArray) fps = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) sparse = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *parent = NULL;
  GHashTable *cluster_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;

  /* The mapping the catalogue guesses for this table (checked below
   * through the scan's own mapping). */
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 3, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT CONCAT_WS(0x1F, id, petitioner, subject, submitted_at, body) "
                                              "FROM %s.petitions WHERE id = %s", database, (char *) ids->pdata[i]);
      g_autofree char *joined = pr_test_query_value (root, sql);
      g_auto(GStrv) values = g_strsplit (joined, "\x1F", -1);
      gsize lengths[5];
      PrFingerprint fp;

      g_assert_cmpuint (g_strv_length (values), ==, 5);
      for (guint c = 0; c < 5; c++)
        lengths[c] = strlen (values[c]);
      g_assert_true (pr_fingerprinter_compute (fingerprinter, (const char *const *) values, lengths, &fp, &error));
      g_array_append_val (fps, fp.fingerprint);
      g_array_append_val (sparse, fp.sparse);
      g_ptr_array_add (texts, words_only (values[2], values[4]));
    }

  /* Every pair of records matched on their fingerprints, by distance. */
  if (histogram != NULL)
    for (guint a = 0; a < ids->len; a++)
      for (guint b = a + 1; b < ids->len; b++)
        {
          int d = __builtin_popcountll (g_array_index (fps, guint64, a) ^ g_array_index (fps, guint64, b));

          if (!g_array_index (sparse, gboolean, a) && !g_array_index (sparse, gboolean, b) && d <= 6)
            histogram[d]++;
        }
  parent = g_new (guint, ids->len);
  for (guint i = 0; i < ids->len; i++)
    parent[i] = i;
  for (guint a = 0; a < ids->len; a++)
    for (guint b = a + 1; b < ids->len; b++)
      if ((!g_array_index (sparse, gboolean, a) && !g_array_index (sparse, gboolean, b) &&
           __builtin_popcountll (g_array_index (fps, guint64, a) ^ g_array_index (fps, guint64, b)) <= (int) k) ||
          g_str_equal (texts->pdata[a], texts->pdata[b]))
        {
          guint ra = a, rb = b;

          while (parent[ra] != ra)
            ra = parent[ra];
          while (parent[rb] != rb)
            rb = parent[rb];
          parent[MAX (ra, rb)] = MIN (ra, rb);
        }
  for (guint i = 0; i < ids->len; i++)
    {
      guint root_index = i;
      gboolean alone = TRUE;

      while (parent[root_index] != root_index)
        root_index = parent[root_index];
      for (guint j = 0; j < ids->len && alone; j++)
        if (j != i)
          {
            guint r = j;

            while (parent[r] != r)
              r = parent[r];
            alone = r != root_index;
          }
      if (!alone)
        g_hash_table_insert (cluster_of, g_strdup (ids->pdata[i]), g_strdup (ids->pdata[root_index]));
    }
  return cluster_of;
}

static GHashTable *
brute_force_clusters (PrConnection *root)
{
  return brute_force_clusters_at (root, "office", 3, NULL);
}

/* The list's clusters are exactly the oracle's (record id → its
 * cluster's smallest id). */
static void
check_clusters_are (GListModel *clusters,
                    GHashTable *oracle)
{
  guint n_clustered = 0;

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      const char *cluster = g_hash_table_lookup (oracle, pr_cluster_item_get_member (item, 0)->id);
      guint expected_size = 0;
      GHashTableIter iter;
      gpointer value;

      g_assert_nonnull (cluster);
      g_hash_table_iter_init (&iter, oracle);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        expected_size += g_strcmp0 (value, cluster) == 0;
      g_assert_cmpuint (pr_cluster_item_get_n_members (item), ==, expected_size);
      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        g_assert_cmpstr (g_hash_table_lookup (oracle, pr_cluster_item_get_member (item, m)->id), ==, cluster);
      n_clustered += expected_size;
    }
  g_assert_cmpuint (n_clustered, ==, g_hash_table_size (oracle));
}

/* The oracle's clusters: the distinct values. */
static guint
n_oracle_clusters (GHashTable *oracle)
{
  g_autoptr(GHashTable) roots = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, oracle);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_hash_table_add (roots, value);
  return g_hash_table_size (roots);
}

/* Clusters of @from (by their members) that @to does not have. */
static guint
n_oracle_clusters_not_in (GHashTable *from,
                          GHashTable *to)
{
  g_autoptr(GHashTable) roots = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key, value;
  guint n = 0;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_hash_table_add (roots, value);
  g_hash_table_iter_init (&iter, roots);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      /* The same cluster in @to: every member maps to one root there, and
       * no other record does. */
      const char *there = g_hash_table_lookup (to, key);
      gboolean same = there != NULL;
      GHashTableIter members;
      gpointer id, root;

      g_hash_table_iter_init (&members, from);
      while (same && g_hash_table_iter_next (&members, &id, &root))
        same = g_str_equal (root, key) == (g_strcmp0 (g_hash_table_lookup (to, id), there) == 0);
      g_hash_table_iter_init (&members, to);
      while (same && g_hash_table_iter_next (&members, &id, &root))
        same = g_str_equal (root, there) == (g_strcmp0 (g_hash_table_lookup (from, id), key) == 0);
      n += !same;
    }
  return n;
}

static gboolean
threshold_ready_at (gpointer data)
{
  PrWindow *window = data;
  PrThresholdDialog *dialog = pr_window_get_threshold_dialog (window);
  guint k = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (window), "threshold-k"));

  return dialog != NULL && pr_threshold_dialog_get_ready (dialog) &&
         pr_threshold_dialog_get_summary (dialog)->k == k;
}

static gboolean
threshold_closed (gpointer data)
{
  return pr_window_get_threshold_dialog (data) == NULL;
}

/* Opens the threshold preview (win.thresholds), sets @k, and waits for
 * the figures; checks those shown against the oracle at @k and at the
 * list's k (@base), the bars against brute force; applies, and checks the
 * list against the oracle at @k. Returns the clusters added and removed. */
static guint
check_threshold_preview (PrWindow     *window,
                         GtkColumnView *view,
                         PrConnection *root,
                         guint         base_k,
                         guint         k)
{
  PrSession *session = pr_window_get_session (window);
  guint64 histogram[7] = { 0 };
  g_autoptr(GHashTable) base = brute_force_clusters_at (root, "thresholds", base_k, histogram);
  g_autoptr(GHashTable) oracle = brute_force_clusters_at (root, "thresholds", k, NULL);
  PrThresholdDialog *dialog;
  const PrThresholdSummary *summary;
  PrThresholdSummary summary_copy;  /* Apply frees the dialog's */
  GtkWidget *result_label, *histogram_grid;
  g_autofree char *clusters_text = NULL, *added_text = NULL, *removed_text = NULL;
  guint n_bars = 0, changed;
  guint64 base_pairs = pr_session_get_counts (session)->pairs;

  g_assert_cmpuint (pr_session_get_k (session), ==, base_k);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  dialog = pr_window_get_threshold_dialog (window);
  g_assert_nonnull (dialog);
  /* First the figures at the k in use: the list's own. */
  g_object_set_data (G_OBJECT (window), "threshold-k", GUINT_TO_POINTER (base_k));
  pr_test_wait_until (threshold_ready_at, window);
  summary = pr_threshold_dialog_get_summary (dialog);
  g_assert_cmpuint (summary->n_clusters, ==, pr_session_get_n_clusters (session));
  g_assert_cmpuint (summary->n_pairs, ==, base_pairs);
  g_assert_cmpuint (summary->clusters_added + summary->clusters_removed, ==, 0);

  /* Each bar says its count, and it is brute force's. */
  histogram_grid = pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_GRID, "threshold-histogram");
  for (GtkWidget *child = gtk_widget_get_first_child (histogram_grid); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LEVEL_BAR (child))
      {
        g_autofree char *expected = g_strdup_printf ("Distance %u: %" G_GUINT64_FORMAT " pair%s", n_bars,
                                                     histogram[n_bars], histogram[n_bars] == 1 ? "" : "s");
        const char *tooltip = gtk_widget_get_tooltip_text (child);

        g_test_message ("%s", tooltip);
        g_assert_cmpstr (tooltip, ==, expected);
        n_bars++;
      }
  g_assert_cmpuint (n_bars, ==, 7);

  pr_threshold_dialog_set_k (dialog, k);
  g_object_set_data (G_OBJECT (window), "threshold-k", GUINT_TO_POINTER (k));
  pr_test_wait_until (threshold_ready_at, window);
  summary_copy = *pr_threshold_dialog_get_summary (dialog);
  summary = &summary_copy;
  g_test_message ("k = %u: %u clusters (+%u, -%u), %" G_GUINT64_FORMAT " pairs", k, summary->n_clusters,
                  summary->clusters_added, summary->clusters_removed, summary->n_pairs);
  g_assert_cmpuint (summary->base_k, ==, base_k);
  g_assert_cmpuint (summary->n_clusters, ==, n_oracle_clusters (oracle));
  g_assert_cmpuint (summary->n_clustered, ==, g_hash_table_size (oracle));
  g_assert_cmpuint (summary->clusters_added, ==, n_oracle_clusters_not_in (oracle, base));
  g_assert_cmpuint (summary->clusters_removed, ==, n_oracle_clusters_not_in (base, oracle));
  changed = summary->clusters_added + summary->clusters_removed;
  /* And the window says so. */
  result_label = pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_LABEL, "threshold-result");
  clusters_text = g_strdup_printf (k == base_k ? "cases: %u," : "cases: %u (", summary->n_clusters);
  added_text = g_strdup_printf ("+%u new", summary->clusters_added);
  removed_text = g_strdup_printf ("−%u gone", summary->clusters_removed);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (result_label)), clusters_text));
  /* At the k in use nothing is new or gone: one sentence says it. */
  if (k != base_k)
    {
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (result_label)), added_text));
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (result_label)), removed_text));
    }
  if (k > base_k)
    {
      g_autofree char *screenshot = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                      "ui-threshold-preview.png", NULL);

      pr_test_save_screenshot (GTK_WIDGET (dialog), screenshot);
    }

  /* Apply: the list is the clusters at k. */
  g_assert_true (pr_threshold_dialog_apply (dialog));
  pr_test_wait_until (threshold_closed, window);
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_cmpuint (pr_session_get_k (session), ==, k);
  g_assert_cmpuint (pr_session_get_n_clusters (session), ==, n_oracle_clusters (oracle));
  g_assert_cmpuint (g_list_model_get_n_items (pr_session_get_clusters (session)), ==, n_oracle_clusters (oracle));
  g_assert_cmpuint (pr_session_get_counts (session)->pairs, ==, summary->n_pairs);
  check_clusters_are (pr_session_get_clusters (session), oracle);
  g_assert_cmpuint (pr_test_n_listed (view), ==, n_oracle_clusters (oracle));
  return changed;
}


/* Record id → its petitioner, as the table has it. */
static GHashTable *
petitioners_of (PrConnection *root)
{
  g_autoptr(GPtrArray) rows = pr_test_query_column (root, "SELECT CONCAT(id, 0x1F, petitioner) FROM office.petitions");
  GHashTable *petitioners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < rows->len; i++)
    {
      g_auto(GStrv) fields = g_strsplit (rows->pdata[i], "\x1F", 2);

      g_hash_table_insert (petitioners, g_strdup (fields[0]), g_strdup (fields[1]));
    }
  return petitioners;
}

/* Whose @member is next to @primary, from the table's values (plain names
 * here, so that equal strings are one person): "same", "other", or NULL
 * when one of them has no name. */
static const char *
expected_kind (GHashTable *petitioners,
               const char *primary,
               const char *member)
{
  const char *a = g_hash_table_lookup (petitioners, primary);
  const char *b = g_hash_table_lookup (petitioners, member);

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  if (a[0] == '\0' || b[0] == '\0')
    return NULL;
  return g_str_equal (a, b) ? "same" : "other";
}

/* The list's counts of a cluster's members by the primary's petitioner
 * and by others, against the table: members not a repeat are out of it. */
static void
check_petitioner_counts (GHashTable    *petitioners,
                         PrClusterItem *item,
                         guint         *n_same,
                         guint         *n_other)
{
  const char *primary = pr_cluster_item_get_primary_id (item);
  guint same = 0, other = 0, got_same, got_other;
  g_autofree char *shown = NULL;
  g_autofree char *expected_shown = NULL;

  for (guint m = 1; m < pr_cluster_item_get_n_members (item); m++)
    {
      PrClusterMember *member = pr_cluster_item_get_member (item, m);
      const char *kind = expected_kind (petitioners, primary, member->id);

      if (member->state == PR_MEMBER_NOT_REPEAT)
        continue;
      same += g_strcmp0 (kind, "same") == 0;
      other += g_strcmp0 (kind, "other") == 0;
    }
  g_object_get (item, "n-same-petitioner", &got_same, "n-other-petitioner", &got_other, "petitioners", &shown, NULL);
  g_test_message ("cluster %u (primary %s): %u same, %u other", pr_cluster_item_get_number (item), primary, same, other);
  g_assert_cmpuint (got_same, ==, same);
  g_assert_cmpuint (got_other, ==, other);
  expected_shown = g_strdup_printf ("%u / %u", same, other);
  g_assert_cmpstr (shown, ==, expected_shown);
  if (n_same != NULL)
    *n_same = same;
  if (n_other != NULL)
    *n_other = other;
}

/* Checks every cluster's counts; returns how many clusters have a
 * repeat by the same petitioner (@with_same) and by another. */
static void
check_all_petitioner_counts (GHashTable *petitioners,
                             GListModel *clusters,
                             guint      *with_same,
                             guint      *with_other)
{
  *with_same = *with_other = 0;
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      guint same, other;

      check_petitioner_counts (petitioners, item, &same, &other);
      *with_same += same > 0;
      *with_other += other > 0;
    }
}

static void
add_word (const char *token,
          gsize       length,
          gpointer    user_data)
{
  g_hash_table_add (user_data, g_strndup (token, length));
}

/* The words of a record's subject and body, as the fingerprint takes
 * them, read apart from the window. */
static GHashTable *
record_words (PrConnection *root,
              const char   *id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT CONCAT_WS(' ', subject, body) FROM office.petitions WHERE id = %s", id);
  g_autofree char *text = pr_test_query_value (root, sql);
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  GHashTable *words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (pr_tokenizer_tokenize (tokenizer, text, -1, add_word, words, NULL));
  return words;
}

/* "Why they match" explains the selected record against the primary: the
 * distance the scan found, and shared words that both records have. */
static void
check_explanation (PrWindow     *window,
                   PrConnection *root)
{
  PrCompareView *view = g_object_get_data (G_OBJECT (window), "compare");
  PrClusterItem *item = pr_compare_view_get_item (view);
  const char *selected = pr_compare_view_get_selected_id (view);
  PrClusterMember *member = pr_cluster_item_get_member (item, pr_cluster_item_find_member (item, selected));
  GtkWidget *summary = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "explanation-summary");
  GtkWidget *shared = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "explanation-shared");
  g_autoptr(GHashTable) words_a = record_words (root, pr_cluster_item_get_primary_id (item));
  g_autoptr(GHashTable) words_b = record_words (root, selected);
  g_autofree char *expected = g_strdup_printf ("%s against the primary %s: distance %u of 64 bits", selected,
                                               pr_cluster_item_get_primary_id (item), member->distance);
  g_auto(GStrv) named = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  char *folded = NULL;
  guint n_named = 0;

  g_assert_nonnull (summary);
  g_assert_nonnull (shared);
  /* Made once the record chosen is painted. */
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_compare_view_get_explained, view);
  g_assert_true (gtk_widget_is_drawable (summary));
  g_test_message ("%s\n%s", gtk_label_get_text (GTK_LABEL (summary)), gtk_label_get_text (GTK_LABEL (shared)));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (summary)), expected));

  /* "word ×2, word, …": every word named is in both records. */
  named = g_strsplit (gtk_label_get_text (GTK_LABEL (shared)), ", ", -1);
  for (guint i = 0; named[i] != NULL; i++)
    {
      char *times = strstr (named[i], " ×");

      if (g_str_equal (named[i], "…"))
        continue;
      if (times != NULL)
        *times = '\0';
      /* Named as the records write it, counted as the tokenizer folds it. */
      folded = pr_tokenizer_normalize (tokenizer, named[i], -1, NULL, NULL);
      g_assert_nonnull (folded);
      g_assert_true (g_hash_table_contains (words_a, folded));
      g_assert_true (g_hash_table_contains (words_b, folded));
      g_clear_pointer (&folded, g_free);
      n_named++;
    }
  g_assert_cmpuint (n_named, >, 0);
}

/* The compare view judges the record the test wants. */
static gboolean
selected_is_wanted (gpointer data)
{
  PrCompareView *compare = g_object_get_data (G_OBJECT (data), "compare");

  return g_strcmp0 (pr_compare_view_get_selected_id (compare),
                    g_object_get_data (G_OBJECT (data), "wanted-selected")) == 0;
}

void
test_review (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *screenshot = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                  "ui-compare-view.png", NULL);
  PrWindow *window;
  PrSession *session;
  GListModel *clusters;
  GtkColumnView *view;
  PrClusterItem *shown;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) oracle = NULL;
  g_autoptr(GHashTable) petitioners = NULL;
  GtkWidget *filter_dropdown;
  guint with_same, with_other;
  guint n_clustered, n_clusters, rows = 0, n_kinds = 0;
  char first_member[32];
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  /* The report names the reviewer by the name set in the preferences. */
  g_autofree char *reviewer = g_settings_get_string (settings, "reviewer-name");

  g_assert_cmpstr (reviewer, !=, "");
  pr_test_fill_table (root);

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  session = pr_window_get_session (window);

  pr_test_assert_controls_named (GTK_WIDGET (window));

  /* Connect: the tables are listed and the columns mapped by the guess. */
  pr_test_connect_window (window, g_steal_pointer (&params), "office");

  pr_test_assert_controls_named (GTK_WIDGET (window));

  /* Scan */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  clusters = pr_session_get_clusters (session);
  oracle = brute_force_clusters (root);
  /* Every planted group is found (its copies differ in punctuation and
   * width only, so they have one fingerprint). */
  for (guint g = 1; g <= G_N_ELEMENTS (pr_test_group_bodies); g++)
    {
      g_autofree char *first = g_strdup_printf ("%u", 100 * g);

      for (guint r = 0; r < 2 + g; r++)
        {
          g_autofree char *id = g_strdup_printf ("%u", 100 * g + r);

          g_assert_cmpstr (g_hash_table_lookup (oracle, id), ==, first);
        }
    }
  /* And the clusters are exactly the brute force's, the primary of each
   * the earliest record. */
  check_clusters_are (clusters, oracle);
  n_clustered = g_hash_table_size (oracle);
  n_clusters = g_list_model_get_n_items (clusters);
  /* The list shows the unreviewed ones: all of them. */
  g_assert_cmpuint (pr_test_n_listed (view), ==, n_clusters);

  /* Two kinds of repeat. The guess marks the column "petitioner", whose
   * values are identifiers (居民0), as naming who sent a record, and the
   * scan took it so. */
  {
    const PrMapping *mapping = pr_session_get_mapping (session);

    for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
      g_assert_true ((pr_mapping_get_column (mapping, c)->identity == PR_IDENTITY_PETITIONER) ==
                     g_str_equal (pr_mapping_get_column (mapping, c)->name, "petitioner"));
  }
  /* Every cluster's counts as the table says, and by hand for the
   * planted groups: 101 is 100's petitioner's, 102 has none; 202 and 303
   * are someone else's. */
  petitioners = petitioners_of (root);
  check_all_petitioner_counts (petitioners, clusters, &with_same, &with_other);
  {
    struct { const char *id; guint same, other; } planted[] = { { "100", 1, 0 }, { "200", 2, 1 }, { "300", 3, 1 } };

    for (guint i = 0; i < G_N_ELEMENTS (planted); i++)
      {
        PrClusterItem *item = pr_test_cluster_with (clusters, planted[i].id);
        guint same, other;

        g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, planted[i].id);
        check_petitioner_counts (petitioners, item, &same, &other);
        g_assert_cmpuint (same, ==, planted[i].same);
        g_assert_cmpuint (other, ==, planted[i].other);
      }
  }
  g_assert_cmpuint (with_other, ==, 2);
  /* The filter's two choices for them, then back to the unreviewed. */
  filter_dropdown = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "cluster-kind");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (filter_dropdown), 1);  /* by the same petitioner */
  g_assert_cmpuint (pr_test_n_listed (view), ==, with_same);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (filter_dropdown), 2);  /* from other petitioners */
  g_assert_cmpuint (pr_test_n_listed (view), ==, with_other);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (filter_dropdown), 0);
  g_assert_cmpuint (pr_test_n_listed (view), ==, n_clusters);

  /* Decide: the largest cluster (group 3: 100..., 5 members). */
  /* The screenshot: the edited matter, where words differ. */
  {
    g_autoptr(PrClusterItem) edited_cluster = NULL;
    guint largest = 0, largest_size = 0;

    for (guint i = 0; i < n_clusters; i++)
      {
        g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

        if (pr_cluster_item_find_member (item, "400") >= 0)
          g_set_object (&edited_cluster, item);
        if (pr_cluster_item_get_n_members (item) > largest_size)
          {
            largest = pr_cluster_item_get_number (item);
            largest_size = pr_cluster_item_get_n_members (item);
          }
      }
    if (edited_cluster != NULL)
      {
        pr_test_select_cluster (window, view, pr_cluster_item_get_number (edited_cluster));
        check_explanation (window, root);
      }
    pr_test_save_screenshot (GTK_WIDGET (window), screenshot);
    pr_test_assert_controls_named (GTK_WIDGET (window));

    /* Decide on the largest cluster: 5 members. */
    g_assert_cmpuint (largest_size, >=, 4);
    pr_test_select_cluster (window, view, largest);
  }
  shown = pr_compare_view_get_item (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare")));
  g_strlcpy (first_member, pr_cluster_item_get_member (shown, 1)->id, sizeof first_member);

  /* Why the selected record matches, made anew when the selection moves;
   * with the primary selected, there is no pair to explain. */
  check_explanation (window, root);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  check_explanation (window, root);
  pr_test_click_card (GTK_WIDGET (window), pr_cluster_item_get_primary_id (shown));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                                                                        "explanation-summary"))),
                                   "The primary is selected"));
  g_assert_false (gtk_widget_is_visible (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "explanation-shared")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare"))),
                   ==, first_member);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpint (pr_cluster_item_get_member (shown, 1)->state, ==, PR_MEMBER_REPEAT);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT COUNT(*) FROM office.pr_decisions WHERE record_id = '%s' "
                                            "AND verdict = 'repeat' AND primary_id = '%s'", first_member,
                                            pr_cluster_item_get_primary_id (shown));
    g_assert_cmpuint (pr_test_count_rows (root, sql), ==, 1);
  }

  /* Undo: an undo row, the member undecided again; redo: logged again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (pr_test_can_redo, window);
  g_assert_cmpint (pr_cluster_item_get_member (shown, 1)->state, ==, PR_MEMBER_UNDECIDED);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM office.pr_decisions WHERE verdict = 'undo'"), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpint (pr_cluster_item_get_member (shown, 1)->state, ==, PR_MEMBER_REPEAT);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM office.pr_decisions WHERE verdict = 'repeat'"), ==, 2);

  /* Not a repeat, for the next member; then merge the rest. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpint (pr_cluster_item_get_member (shown, 2)->state, ==, PR_MEMBER_NOT_REPEAT);
  /* Group 3, 300 the primary: 302 left the cluster; 301 and 304 are
   * repeats by 300's petitioner, 303 someone else's. */
  {
    guint same, other;

    g_assert_cmpstr (pr_cluster_item_get_primary_id (shown), ==, "300");
    g_assert_cmpstr (pr_cluster_item_get_member (shown, 2)->id, ==, "302");
    check_petitioner_counts (petitioners, shown, &same, &other);
    g_assert_cmpuint (same, ==, 2);
    g_assert_cmpuint (other, ==, 1);
  }
  /* Another record made the primary: it comes first, the old primary
   * becomes an undecided member, a repeat judged beside it is undecided. */
  {
    g_autofree char *old_primary = g_strdup (pr_cluster_item_get_primary_id (shown));
    g_autofree char *new_primary = NULL;
    g_autofree char *sql = NULL;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
    new_primary = g_strdup (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare"))));
    g_assert_cmpstr (new_primary, !=, old_primary);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.make-primary", NULL));
    pr_test_wait_until (pr_test_can_undo, window);
    g_assert_cmpstr (pr_cluster_item_get_primary_id (shown), ==, new_primary);
    /* The pair on show stays, once the case is read again: the new
     * primary beside the former one, not the last record of the strip. */
    g_object_set_data (G_OBJECT (window), "wanted-selected", old_primary);
    pr_test_wait_until (selected_is_wanted, window);
    g_assert_cmpint (pr_cluster_item_get_member (shown, pr_cluster_item_find_member (shown, old_primary))->state,
                     ==, PR_MEMBER_UNDECIDED);
    g_assert_cmpint (pr_cluster_item_get_member (shown, pr_cluster_item_find_member (shown, first_member))->state,
                     ==, PR_MEMBER_UNDECIDED);
    sql = g_strdup_printf ("SELECT COUNT(*) FROM office.pr_decisions WHERE verdict = 'primary' AND record_id = '%s' "
                           "AND primary_id = '%s'", new_primary, old_primary);
    g_assert_cmpuint (pr_test_count_rows (root, sql), ==, 1);
    /* The new primary is 303, of another petitioner: every member left
     * in the cluster is someone else's now. */
    {
      guint same, other;

      g_assert_cmpstr (new_primary, ==, "303");
      check_petitioner_counts (petitioners, shown, &same, &other);
      g_assert_cmpuint (same, ==, 0);
      g_assert_cmpuint (other, ==, 3);
    }
  }

  /* The connection killed while the merge writes its second decision: the
   * window says the decision was not recorded, and nothing of the merge
   * is in the log or shown; the same merge then goes through on a new
   * connection (below). */
  {
    g_autoptr(GPtrArray) undecided = g_ptr_array_new ();
    g_autofree char *trigger = NULL;
    g_autofree char *sleeper = NULL;
    g_autofree char *kill_sql = NULL;

    for (guint m = 1; m < pr_cluster_item_get_n_members (shown); m++)
      if (pr_cluster_item_get_member (shown, m)->state == PR_MEMBER_UNDECIDED)
        g_ptr_array_add (undecided, pr_cluster_item_get_member (shown, m)->id);
    g_assert_cmpuint (undecided->len, >=, 2);
    trigger = g_strdup_printf ("CREATE TRIGGER office.slow_merge BEFORE INSERT ON office.pr_decisions FOR EACH ROW "
                               "BEGIN IF NEW.verdict = 'merged' AND NEW.record_id = '%s' THEN DO SLEEP(60); END IF; END",
                               (const char *) undecided->pdata[1]);
    pr_test_execute (root, trigger);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.merge", NULL));
    g_assert_false (pr_test_can_undo (window));
    do
      {
        g_clear_pointer (&sleeper, g_free);
        g_usleep (10 * 1000);
        sleeper = pr_test_query_value (root, "SELECT IFNULL(MIN(ID), '') FROM information_schema.PROCESSLIST "
                                       "WHERE STATE = 'User sleep'");
      }
    while (sleeper[0] == '\0');
    kill_sql = g_strdup_printf ("KILL CONNECTION %s", sleeper);
    pr_test_execute (root, kill_sql);
    pr_test_wait_until (pr_test_can_undo, window);
    pr_test_execute (root, "DROP TRIGGER office.slow_merge");
    g_assert_nonnull (pr_window_get_error_text (window));
    g_test_message ("the merge, its connection killed: %s", pr_window_get_error_text (window));
    g_assert_true (g_str_has_prefix (pr_window_get_error_text (window), "The decision was not recorded"));
    g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM office.pr_decisions WHERE verdict = 'merged'"), ==, 0);
    for (guint i = 0; i < undecided->len; i++)
      g_assert_cmpint (pr_cluster_item_get_member (shown, pr_cluster_item_find_member (shown, undecided->pdata[i]))->state,
                       ==, PR_MEMBER_UNDECIDED);
    g_assert_false (pr_cluster_item_get_reviewed (shown));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.merge", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_true (pr_cluster_item_get_reviewed (shown));
  /* Merged: the undecided ones — all but the primary and the one that is
   * not a repeat (the repeat, judged beside the old primary, is again). */
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM office.pr_decisions WHERE verdict = 'merged'"),
                    ==, pr_cluster_item_get_n_members (shown) - 2);
  /* Reviewed: the list says so, and keeps it in view until refiltered. */
  {
    g_autofree char *state = NULL;

    g_object_get (shown, "state", &state, NULL);
    g_assert_cmpstr (state, ==, "Reviewed");
    g_assert_cmpuint (pr_test_n_listed (view), ==, n_clusters);
  }

  /* The filters: reviewed ones, all, and a search by record id. */
  {
    GtkWidget *filter = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "cluster-filter");
    GtkWidget *kind = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "cluster-kind");
    GtkWidget *search = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
    g_autofree char *member_id = g_strdup (pr_cluster_item_get_member (shown, 1)->id);

    gtk_drop_down_set_selected (GTK_DROP_DOWN (filter), 1);  /* reviewed */
    g_assert_cmpuint (pr_test_n_listed (view), ==, 1);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (filter), 2);  /* all */
    g_assert_cmpuint (pr_test_n_listed (view), ==, n_clusters);
    gtk_editable_set_text (GTK_EDITABLE (search), member_id);
    g_signal_emit_by_name (search, "search-changed");
    g_assert_cmpuint (pr_test_n_listed (view), ==, 1);
    gtk_editable_set_text (GTK_EDITABLE (search), "no such petition");
    g_signal_emit_by_name (search, "search-changed");
    g_assert_cmpuint (pr_test_n_listed (view), ==, 0);
    gtk_editable_set_text (GTK_EDITABLE (search), "");
    g_signal_emit_by_name (search, "search-changed");
    gtk_drop_down_set_selected (GTK_DROP_DOWN (filter), 0);  /* unreviewed */
    g_assert_cmpuint (pr_test_n_listed (view), ==, n_clusters - 1);
    /* By the same petitioner: no longer group 3, whose new primary
     * stands alone. */
    check_all_petitioner_counts (petitioners, clusters, &with_same, &with_other);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (filter), 2);  /* every state */
    gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 1);    /* by the same petitioner */
    g_assert_cmpuint (pr_test_n_listed (view), ==, with_same);
    g_assert_cmpuint (pr_test_n_listed (view), ==, n_clusters - 1);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 2);    /* from other petitioners */
    g_assert_cmpuint (pr_test_n_listed (view), ==, with_other);
    g_assert_cmpuint (pr_test_n_listed (view), ==, 2);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 0);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (filter), 0);
  }

  /* An export to a folder that is not there: a clear message in the
   * window, and nothing else changes. */
  {
    g_autofree char *nowhere = g_build_filename (dir, "no-such-folder", "report.csv", NULL);
    GVariant *target = g_variant_new_string (nowhere);

    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", target));
    pr_test_wait_until (pr_test_not_busy, window);
    g_assert_nonnull (pr_window_get_error_text (window));
    g_assert_nonnull (strstr (pr_window_get_error_text (window), "no-such-folder"));
    g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
    g_assert_null (pr_window_get_error_text (window));
  }

  /* A full disk, short of filling one: files of this process may not grow
   * past 64 bytes while the report is written (a write past that fails
   * with EFBIG; SIGXFSZ ignored). The old report stays as it was, with
   * no partial file beside it. */
  {
    GVariant *target = g_variant_new_string (report);
    struct rlimit saved, limited;
    g_autofree char *old = NULL;
    g_autofree char *report_dir = g_path_get_dirname (report);
    g_autofree char *temp_prefix = NULL;
    g_autoptr(GDir) listing = NULL;
    const char *name;

    g_file_set_contents (report, "old\r\n", -1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
    limited = saved;
    limited.rlim_cur = 64;
    signal (SIGXFSZ, SIG_IGN);
    g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limited), ==, 0);
    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", target));
    pr_test_wait_until (pr_test_not_busy, window);
    g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
    g_assert_nonnull (pr_window_get_error_text (window));
    g_test_message ("%s", pr_window_get_error_text (window));
    g_assert_nonnull (strstr (pr_window_get_error_text (window), report));
    g_assert_nonnull (strstr (pr_window_get_error_text (window), g_strerror (EFBIG)));
    g_assert_true (g_file_get_contents (report, &old, NULL, NULL));
    g_assert_cmpstr (old, ==, "old\r\n");
    temp_prefix = g_strdup_printf (".%s.", "report.csv");
    listing = g_dir_open (report_dir, 0, &error);
    g_assert_no_error (error);
    while ((name = g_dir_read_name (listing)) != NULL)
      g_assert_false (g_str_has_prefix (name, temp_prefix));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
  }

  /* Export every case, and read it back. */
  {
    GVariant *target = g_variant_new_string (report);

    g_action_group_change_action_state (G_ACTION_GROUP (window), "export-scope", g_variant_new_string ("all"));

    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", target));
  }
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  reader = pr_csv_reader_new_for_path (report, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *bytes = NULL;

    g_assert_true (g_file_get_contents (report, &bytes, NULL, NULL));
    g_assert_true (g_str_has_prefix (bytes, "\xEF\xBB\xBF"));  /* the BOM, for Excel */
  }
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      guint n = pr_csv_reader_get_n_fields (reader);
      const char *fields[11] = { NULL };

      for (guint f = 0; f < MIN (n, G_N_ELEMENTS (fields)); f++)
        fields[f] = pr_csv_reader_get_field (reader, f, NULL);
      if (rows == 0)
        {
          /* The scan had a store: clusters are named by their cases. */
          g_assert_cmpstr (fields[0], ==, "case");
          g_assert_cmpstr (fields[1], ==, "record_id");
          g_assert_cmpstr (fields[5], ==, "verdict");
          g_assert_cmpstr (fields[6], ==, "reviewer");
          g_assert_cmpstr (fields[7], ==, "decided_at");
          g_assert_cmpstr (fields[8], ==, "repeat_kind");
          /* The mapped columns next, at the letters they always had, by
           * their display names: this table has no comments, so the
           * petitioner column by its role; the note last. */
          g_assert_cmpstr (fields[9], ==, "Petitioner");
          g_assert_cmpstr (pr_csv_reader_get_field (reader, n - 1, NULL), ==, "note");
        }
      else
        {
          /* The kind, against the table (untranslated words). */
          const char *kind = g_str_equal (fields[1], fields[2]) ? NULL : expected_kind (petitioners, fields[2], fields[1]);

          g_assert_cmpstr (fields[8], ==, kind == NULL ? "" : g_str_equal (kind, "same") ? "the same petitioner"
                                                                                          : "another petitioner");
          n_kinds += kind != NULL;
        }
      if (rows > 0 && g_str_equal (fields[1], "304"))
        g_assert_cmpstr (fields[8], ==, "another petitioner");  /* of 303, the primary now */
      else if (g_strcmp0 (fields[1], first_member) == 0)
        {
          g_assert_cmpstr (fields[5], ==, "repeat");  /* untranslated: the test runs without a catalogue */
          g_assert_cmpstr (fields[6], ==, reviewer);
          g_assert_true (n > 8);
        }
      rows++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (rows, ==, 1 + n_clustered);
  /* Every member but the primaries and 102 (no name) has a kind. */
  g_assert_cmpuint (n_kinds, ==, n_clustered - n_clusters - 1);

  /* Nothing keeps the window (or its session and worker) alive once it
   * is closed: no leaked reference from a callback. A page's callback
   * still on its way (the records of the cluster shown) may hold the
   * session a moment longer than the window. */
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &session);
  pr_test_close_and_finalize (window);
  pr_test_wait_until (pr_test_is_null, &session);
  pr_test_remove_tree (dir);
}

static gboolean
chains_made (gpointer data)
{
  GtkWidget *graph = pr_test_find_widget (GTK_WIDGET (data), PR_TYPE_PAIR_GRAPH, "pair-graph");

  return gtk_widget_get_mapped (graph) && pr_pair_graph_get_n_nodes (PR_PAIR_GRAPH (graph)) > 0;
}

/* Until the chain view shows @n_nodes records and @n_bridges bridges: it
 * is made again once the cluster's records are read again after a step. */
static void
wait_for_chains (PrWindow *window,
                 guint     n_nodes,
                 guint     n_bridges)
{
  GtkWidget *graph = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_PAIR_GRAPH, "pair-graph");
  GtkWidget *chain_view = pr_compare_view_get_chain_view (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare")));
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (pr_pair_graph_get_n_nodes (PR_PAIR_GRAPH (graph)) != n_nodes ||
         pr_chain_view_get_n_bridges (PR_CHAIN_VIEW (chain_view)) != n_bridges)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static guint
n_bridge_rows (PrWindow *window)
{
  GtkWidget *list = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LIST_BOX, "bridge-list");
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

static guint
cluster_size (PrClusterItem *item)
{
  guint size;

  g_object_get (item, "size", &size, NULL);
  return size;
}

/* The split at a bridge, in the window: the chain of chain-rows.h is one
 * cluster of six; its pair graph, opened, draws six records and lists one
 * bridge, 501–601, away from the primary 502; split there through win.split-bridge (what Split Here
 * activates), the far side leaves the cluster at once, the log has the
 * verdict, and the graph has no bridge left; undo brings the six back.
 * Ctrl+B's action, chains.split-selected, splits at the one bridge too. */
void
test_chains (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autofree char *screenshot = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                  "ui-pair-graph.png", NULL);
  GtkColumnView *view;
  GtkWidget *chain_view, *expander;
  PrClusterItem *item;
  PrWindow *window;

  chain_fill_table (root, "chains", FALSE);
  pr_test_execute (root, "INSERT INTO chains.petitions VALUES (900, '市民', '路灯问题', '2026-05-01 10:00:00', "
                   "'公园里的路灯已经坏了一个多月，晚上散步很不安全，请尽快修复。')");

  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, g_steal_pointer (&params), "chains");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_n_listed (view), ==, 1);
  item = pr_test_cluster_with (pr_session_get_clusters (pr_window_get_session (window)), "501");
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "502");
  g_assert_cmpuint (cluster_size (item), ==, 6);
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (item));

  /* Open the graph: drawn, with one bridge listed. */
  expander = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_EXPANDER, "chains");
  chain_view = pr_compare_view_get_chain_view (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare")));
  g_assert_true (gtk_widget_get_visible (expander));
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  pr_test_wait_until (chains_made, window);
  g_assert_cmpuint (pr_pair_graph_get_n_nodes (PR_PAIR_GRAPH (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_PAIR_GRAPH,
                                                                                     "pair-graph"))), ==, 6);
  g_assert_cmpuint (pr_chain_view_get_n_bridges (PR_CHAIN_VIEW (chain_view)), ==, 1);
  g_assert_cmpuint (n_bridge_rows (window), ==, 1);
  pr_test_save_screenshot (GTK_WIDGET (window), screenshot);
  pr_test_assert_controls_named (GTK_WIDGET (window));

  /* Split at 501–601 (either way round): 601's side leaves at once. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.split-bridge", "(ss)", "601", "501"));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (cluster_size (item), ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (chain_rows); i++)
    g_assert_cmpint (pr_cluster_item_get_member (item, pr_cluster_item_find_member (item, chain_rows[i].id))->state, ==,
                     chain_rows[i].id[0] == '6' ? PR_MEMBER_NOT_REPEAT : PR_MEMBER_UNDECIDED);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM chains.pr_decisions WHERE verdict = 'not_repeat' "
                                      "AND record_id = '601' AND primary_id = '501'"), ==, 1);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM chains.pr_decisions"), ==, 1);
  /* The graph of the three left: a clique, no bridge. */
  wait_for_chains (window, 3, 0);
  g_assert_cmpuint (n_bridge_rows (window), ==, 0);

  /* Undo: the six together again, an undo row in the log. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (pr_test_can_redo, window);
  g_assert_cmpuint (cluster_size (item), ==, 6);
  for (guint i = 0; i < G_N_ELEMENTS (chain_rows); i++)
    g_assert_cmpint (pr_cluster_item_get_member (item, i)->state, ==, PR_MEMBER_UNDECIDED);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM chains.pr_decisions WHERE verdict = 'undo'"), ==, 1);
  wait_for_chains (window, 6, 1);
  g_assert_cmpuint (n_bridge_rows (window), ==, 1);
  /* Redo: the side leaves again; undone again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpuint (cluster_size (item), ==, 3);
  g_assert_cmpint (pr_cluster_item_get_member (item, pr_cluster_item_find_member (item, "603"))->state, ==,
                   PR_MEMBER_NOT_REPEAT);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (pr_test_can_redo, window);
  g_assert_cmpuint (cluster_size (item), ==, 6);
  wait_for_chains (window, 6, 1);

  /* Ctrl+B's action: the one bridge, split again; then undone. */
  g_assert_true (gtk_widget_activate_action (chain_view, "chains.split-selected", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpuint (cluster_size (item), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (pr_test_can_redo, window);
  g_assert_cmpuint (cluster_size (item), ==, 6);

  /* No bridge between two records of one side: refused, nothing logged. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.split-bridge", "(ss)", "501", "502"));
  pr_test_wait_until (pr_test_not_busy, window);
  pr_test_wait_until (shows_error, window);
  g_assert_cmpuint (cluster_size (item), ==, 6);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM chains.pr_decisions WHERE verdict = 'not_repeat'"), ==, 3);

  /* Split, then scan again: two clusters, the two sides. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.split-bridge", "(ss)", "501", "601"));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpuint (cluster_size (item), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_n_listed (view), ==, 2);
  {
    GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
    PrClusterItem *near = pr_test_cluster_with (clusters, "501"), *far = pr_test_cluster_with (clusters, "601");

    g_assert_true (near != far);
    g_assert_cmpuint (cluster_size (near), ==, 3);
    g_assert_cmpuint (cluster_size (far), ==, 3);
    g_assert_cmpuint (pr_cluster_item_get_n_members (near), ==, 3);
    g_assert_cmpuint (pr_cluster_item_get_n_members (far), ==, 3);
    g_assert_cmpstr (pr_cluster_item_get_primary_id (far), ==, "601");
    for (guint i = 0; i < G_N_ELEMENTS (chain_rows); i++)
      g_assert_true (pr_cluster_item_find_member (chain_rows[i].id[0] == '5' ? near : far, chain_rows[i].id) >= 0);
  }

  pr_test_close_and_finalize (window);
}


/* A table for the threshold preview: a complaint in one clause, a copy of
 * it, and an edit of it found here to be 4 to 6 bits away and to share too
 * little in passages to match on them (so only a larger k joins it), among
 * unrelated ones. */
static void
fill_threshold_table (PrConnection *root)
{
  static const char *const words[] = {
    "我们", "小区", "东门", "外面", "的", "道路", "最近", "一直", "在", "施工", "每天", "晚上",
    "都", "有", "大型", "机械", "作业", "噪音", "非常", "大", "老人", "孩子", "无法", "休息",
  };
  static const char *const others[] = { "商场", "西门", "街道", "上午", "车辆", "声音", "学生", "居民", "正常" };
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL, *edit = NULL;
  g_autofree PrPart *base_parts = NULL;
  guint n_base_parts = 0;
  guint64 base_fp = 0;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 3, &error);
  g_assert_no_error (error);
  pr_fingerprinter_set_parts (fingerprinter, TRUE);

  /* The edit: the first one- or two-word change 4 to 6 bits away that
   * shares less in passages than one petitioner's records need. */
  for (guint change = 0; change <= G_N_ELEMENTS (words) * G_N_ELEMENTS (others) * G_N_ELEMENTS (others) && edit == NULL;
       change++)
    {
      guint at = change % G_N_ELEMENTS (words);
      guint first = change / G_N_ELEMENTS (words) % G_N_ELEMENTS (others);
      guint second = change / G_N_ELEMENTS (words) / G_N_ELEMENTS (others);
      GString *body = g_string_new (NULL);
      const char *values[5] = { "1", "王某", "关于夜间施工的反映", "2026-05-01 10:00:00", NULL };
      gsize lengths[5];
      PrFingerprint fp;

      for (guint w = 0; w < G_N_ELEMENTS (words); w++)
        g_string_append (body, change == 0 ? words[w]
                               : w == at ? others[first]
                               : second > 0 && w == (at + 7) % G_N_ELEMENTS (words) ? others[second - 1]
                               : words[w]);
      g_string_append (body, "。");
      values[4] = body->str;
      for (guint c = 0; c < 5; c++)
        lengths[c] = strlen (values[c]);
      g_assert_true (pr_fingerprinter_compute (fingerprinter, values, lengths, &fp, &error));
      if (change == 0)
        {
          base = g_string_free (body, FALSE);
          base_fp = fp.fingerprint;
          base_parts = fp.parts;
          n_base_parts = fp.n_parts;
          continue;
        }
      if (__builtin_popcountll (fp.fingerprint ^ base_fp) >= 4 && __builtin_popcountll (fp.fingerprint ^ base_fp) <= 6 &&
          pr_part_containment (base_parts, n_base_parts, fp.parts, fp.n_parts) <
            PR_PART_DEFAULT_MIN_CONTAINMENT_SAME_PETITIONER)
        edit = g_string_free (body, FALSE);
      else
        g_string_free (body, TRUE);
      g_free (fp.parts);
    }
  g_assert_nonnull (edit);

  pr_test_execute (root, "CREATE DATABASE thresholds");
  pr_test_execute (root, "CREATE TABLE thresholds.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                   "subject VARCHAR(200), submitted_at DATETIME, body TEXT)");
  for (guint r = 1; r <= 3; r++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO thresholds.petitions VALUES (%u, '王某', '关于夜间施工的反映', "
                                              "'2026-05-0%u 10:00:00', '%s')", r, r, r == 2 ? edit : base);
      pr_test_execute (root, sql);
    }
  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *sql = g_strdup_printf (
          "INSERT INTO thresholds.petitions VALUES (%u, '市民%u', '%s问题', '2026-05-01 10:00:00', "
          "'关于%s的第%u个具体情况，编号%u，请尽快答复处理意见%u。')",
          100 + i, i, words[i], others[i % G_N_ELEMENTS (others)], i, i * 7919, i);
      pr_test_execute (root, sql);
    }
}

/* The threshold preview after a scan, through the window: its bars, its
 * figures at another k, and Apply, against brute force. */
void
test_threshold_preview (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autoptr(GHashTable) at_3 = NULL;
  PrWindow *window;
  GtkColumnView *view;

  fill_threshold_table (root);
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_connect_window (window, g_steal_pointer (&params), "thresholds");
  /* Not before a scan. */
  g_assert_false (g_action_get_enabled (g_action_map_lookup_action (G_ACTION_MAP (window), "thresholds")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  at_3 = brute_force_clusters_at (root, "thresholds", 3, NULL);
  check_clusters_are (pr_session_get_clusters (pr_window_get_session (window)), at_3);

  /* To 6, which joins the edit, and back. */
  g_assert_cmpuint (check_threshold_preview (window, view, root, 3, 6), >, 0);
  g_assert_cmpuint (check_threshold_preview (window, view, root, 6, 3), >, 0);

  pr_test_close_and_finalize (window);
}

/* ---- other reviewers' decisions ---- */

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static void
store_result (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static void
count_changed (PrSession     *session,
               PrClusterItem *item,
               gpointer       user_data)
{
  (*(guint *) user_data)++;
}

/* Looks at the log now; returns how many decisions were new to @session. */
static gint
refresh_now (PrSession *session)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gint n;

  pr_session_refresh_async (session, store_result, &result);
  pr_test_wait_until (is_set, &result);
  n = pr_session_refresh_finish (session, result, &error);
  g_assert_no_error (error);
  return n;
}

/* Another reviewer decides on one connection of their own. */
static gint64
other_decides (PrStore    *store,
               const char *record_id,
               const char *primary_id,
               PrVerdict   verdict,
               gint64      undoes)
{
  g_autoptr(PrDecision) decision = g_new0 (PrDecision, 1);
  g_autoptr(GError) error = NULL;
  gint64 id;

  decision->table = g_strdup ("petitions");
  decision->record_id = g_strdup (record_id);
  decision->primary_id = g_strdup (primary_id);
  decision->verdict = verdict;
  decision->reviewer = g_strdup ("乙");
  decision->undoes = undoes;
  id = pr_store_add_decision (store, decision, &error);
  g_assert_no_error (error);
  return id;
}

/* Each member's state as the log says, read apart from the session: the
 * last verdict on the record that still stands. */
static void
assert_as_logged (PrStore       *store,
                  PrClusterItem *item)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = pr_store_list_decisions (store, "petitions", &error);
  g_autoptr(GHashTable) undone = g_hash_table_new (g_int64_hash, g_int64_equal);

  g_assert_no_error (error);
  for (guint i = 0; i < log->len; i++)
    {
      PrDecision *d = log->pdata[i];

      if (d->verdict == PR_VERDICT_UNDO)
        g_hash_table_add (undone, &d->undoes);
    }
  for (guint m = 1; m < pr_cluster_item_get_n_members (item); m++)
    {
      PrClusterMember *member = pr_cluster_item_get_member (item, m);
      PrDecision *last = NULL;

      for (guint i = 0; i < log->len; i++)
        {
          PrDecision *d = log->pdata[i];

          if (d->verdict != PR_VERDICT_UNDO && d->verdict != PR_VERDICT_PRIMARY &&
              !g_hash_table_contains (undone, &d->id) && g_strcmp0 (d->record_id, member->id) == 0)
            last = d;
        }
      if (last == NULL)
        {
          g_assert_cmpint (member->state, ==, PR_MEMBER_UNDECIDED);
          continue;
        }
      g_assert_cmpint (member->state, ==, last->verdict == PR_VERDICT_NOT_REPEAT ? PR_MEMBER_NOT_REPEAT
                                                                                 : PR_MEMBER_REPEAT);
      g_assert_cmpint (member->decision, ==, last->id);
    }
}

typedef struct {
  PrClusterItem *item;
  guint          member;
  PrMemberState  state;
} StateWait;

static gboolean
member_in_state (gpointer data)
{
  StateWait *wait = data;

  return pr_cluster_item_get_member (wait->item, wait->member)->state == wait->state;
}

/* Connects @session to @database on the throwaway server. */
static void
connect_session (PrSession  *session,
                 const char *database)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  g_free (params->database);
  params->database = g_strdup (database);
  pr_session_connect_async (session, g_steal_pointer (&params), NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  pr_session_connect_finish (session, result, &error);
  g_assert_no_error (error);
}

/* Regroups @session's clusters at @k, as the threshold dialog does, and
 * waits for the whole list. */
static void
regroup_at (PrSession *session,
            guint      k)
{
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autoptr(PrSessionRegroup) regroup = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  pr_session_threshold_preview_async (session, NULL, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  preview = pr_session_threshold_preview_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_regroup_async (session, preview, k, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  regroup = pr_session_regroup_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_apply_regroup_async (session, g_steal_pointer (&regroup), NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  g_assert_true (pr_session_apply_regroup_finish (session, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);
}

/* A session's list shows what another reviewer decided on a connection of
 * their own: when asked, and by itself a few seconds later; in the log's
 * order, where the other's decision came first but was seen after the
 * session's own; undos too, and the count of reviewed clusters. */
void
test_others_decisions (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrSession) session = pr_session_new ("甲");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrConnection) other_db = NULL;
  g_autoptr(PrStore) other = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrClusterItem) decided = NULL;
  PrClusterItem *item;
  char primary[32], first[32], second[32];
  StateWait wait;
  guint changed = 0;
  gint64 repeat_id, earlier_id;

  pr_test_fill_write_back_table (root, "shared", pr_test_group_bodies[2]);
  /* Looks only when asked, to count what each look finds; by itself below. */
  g_object_set (session, "refresh-interval", 0, NULL);
  connect_session (session, "shared");

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  pr_session_scan_async (session, "petitions", mapping, 3, NULL, NULL, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  pr_session_scan_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);
  g_signal_connect (session, "cluster-changed", G_CALLBACK (count_changed), &changed);

  /* The three copies, one cluster. */
  g_assert_cmpuint (g_list_model_get_n_items (pr_session_get_clusters (session)), ==, 1);
  item = g_list_model_get_item (pr_session_get_clusters (session), 0);
  g_object_unref (item);  /* the list keeps it */
  g_assert_cmpuint (pr_cluster_item_get_n_members (item), ==, 3);
  g_strlcpy (primary, pr_cluster_item_get_primary_id (item), sizeof primary);
  g_strlcpy (first, pr_cluster_item_get_member (item, 1)->id, sizeof first);
  g_strlcpy (second, pr_cluster_item_get_member (item, 2)->id, sizeof second);

  other_db = pr_test_connect (pr_test_ui_admin, "shared");
  other = pr_store_open (other_db, NULL, &error);
  g_assert_no_error (error);

  /* Nothing new yet. */
  g_assert_cmpint (refresh_now (session), ==, 0);
  g_assert_cmpuint (changed, ==, 0);

  /* The other marks the first copy a repeat: seen when asked. */
  repeat_id = other_decides (other, first, primary, PR_VERDICT_REPEAT, 0);
  g_assert_cmpint (pr_cluster_item_get_member (item, 1)->state, ==, PR_MEMBER_UNDECIDED);
  g_assert_cmpint (refresh_now (session), ==, 1);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (pr_cluster_item_get_member (item, 1)->state, ==, PR_MEMBER_REPEAT);
  assert_as_logged (other, item);
  g_assert_cmpuint (pr_session_get_n_reviewed (session), ==, 0);

  /* The other says the second copy is a repeat, then this session, not
   * having looked, says it is not: the log's last word is the session's,
   * though the other's decision reaches the session after its own. */
  earlier_id = other_decides (other, second, primary, PR_VERDICT_REPEAT, 0);
  pr_session_decide_async (session, item, PR_VERDICT_NOT_REPEAT, second, store_result, &result);
  pr_test_wait_until (is_set, &result);
  decided = pr_session_decide_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_cmpint (pr_cluster_item_get_member (item, 2)->state, ==, PR_MEMBER_NOT_REPEAT);
  g_assert_cmpint (pr_cluster_item_get_member (item, 2)->decision, >, earlier_id);
  g_assert_cmpint (refresh_now (session), ==, 1);
  g_assert_cmpint (pr_cluster_item_get_member (item, 2)->state, ==, PR_MEMBER_NOT_REPEAT);
  assert_as_logged (other, item);
  g_assert_cmpuint (pr_session_get_n_reviewed (session), ==, 1);

  /* The other undoes its repeat: the first copy is undecided again, and
   * the cluster no longer reviewed; seen by the session by itself. */
  other_decides (other, first, NULL, PR_VERDICT_UNDO, repeat_id);
  g_object_set (session, "refresh-interval", 1, NULL);
  wait = (StateWait) { item, 1, PR_MEMBER_UNDECIDED };
  pr_test_wait_until (member_in_state, &wait);
  g_object_set (session, "refresh-interval", 0, NULL);
  assert_as_logged (other, item);
  g_assert_cmpuint (pr_session_get_n_reviewed (session), ==, 0);
  g_assert_cmpuint (changed, ==, 3);

  /* The session's own undo stays its own: it undoes its not-a-repeat, and
   * the other's earlier repeat of the second copy stands again. */
  g_assert_true (pr_session_get_can_undo (session));
  pr_session_undo_async (session, store_result, &result);
  pr_test_wait_until (is_set, &result);
  g_clear_object (&decided);
  decided = pr_session_decide_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_cmpint (pr_cluster_item_get_member (item, 2)->state, ==, PR_MEMBER_REPEAT);
  g_assert_cmpint (pr_cluster_item_get_member (item, 2)->decision, ==, earlier_id);
  assert_as_logged (other, item);
  /* Regrouped at the same k, as the threshold dialog does: the session's
   * undone decision stays undone (its undo is in the session's log). */
  {
    regroup_at (session, 3);
    g_assert_cmpuint (g_list_model_get_n_items (pr_session_get_clusters (session)), ==, 1);
    item = g_list_model_get_item (pr_session_get_clusters (session), 0);
    g_object_unref (item);
    g_assert_cmpuint (pr_cluster_item_get_n_members (item), ==, 3);
    g_assert_cmpint (pr_cluster_item_find_member (item, second), >, 0);
    g_assert_cmpint (pr_cluster_item_get_member (item, pr_cluster_item_find_member (item, second))->state, ==,
                     PR_MEMBER_REPEAT);
    assert_as_logged (other, item);
  }

  /* Its undo, seen in the log, is not news, nor to the clusters made by
   * the regroup. */
  g_assert_cmpint (refresh_now (session), ==, 0);
  g_assert_cmpint (refresh_now (session), ==, 0);
  g_assert_cmpuint (changed, ==, 3);

  g_signal_handlers_disconnect_by_func (session, count_changed, &changed);
  g_clear_object (&decided);
  {
    gpointer weak = session;

    g_object_add_weak_pointer (weak, &weak);
    g_clear_object (&session);
    pr_test_wait_until (pr_test_is_null, &weak);
  }
}

/* Scans @session's table at k = 3 and waits for the whole list. */
static void
scan_and_wait (PrSession *session,
               PrMapping *mapping)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  pr_session_scan_async (session, "petitions", mapping, 3, NULL, NULL, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  pr_session_scan_finish (session, result, &error);
  g_assert_no_error (error);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);
}

/* primary id → the name the list gives its cluster. */
static GHashTable *
names_by_primary (PrSession *session)
{
  GListModel *clusters = pr_session_get_clusters (session);
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      g_assert_true (pr_cluster_item_get_is_case (item));
      g_hash_table_insert (names, g_strdup (pr_cluster_item_get_primary_id (item)), pr_cluster_item_dup_name (item));
    }
  return names;
}

/* The list names clusters by their case numbers: a rescan with new
 * records keeps each one's, a new group is a new case, and a regrouping
 * at the same k keeps them all. */
void
test_case_numbers (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrSession) session = pr_session_new ("甲");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) first = NULL;
  g_autoptr(GHashTable) second = NULL;
  g_autoptr(GHashTable) regrouped = NULL;
  GHashTableIter iter;
  gpointer key, value;

  pr_test_execute (root, "CREATE DATABASE cases_ui");
  pr_test_execute (root, "CREATE TABLE cases_ui.petitions (id INT PRIMARY KEY, body TEXT)");
  for (guint g = 0; g < 2; g++)
    for (guint r = 0; r < 3; r++)
      {
        g_autofree char *insert = g_strdup_printf ("INSERT INTO cases_ui.petitions VALUES (%u, '%s%s')",
                                                   10 * (g + 1) + r, pr_test_group_bodies[g], r == 1 ? "！" : "");

        pr_test_execute (root, insert);
      }
  g_object_set (session, "refresh-interval", 0, NULL);
  connect_session (session, "cases_ui");
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));

  scan_and_wait (session, mapping);
  first = names_by_primary (session);
  g_assert_cmpuint (g_hash_table_size (first), ==, 2);

  /* A fourth copy of the second group, and a third group. */
  pr_test_execute (root, "INSERT INTO cases_ui.petitions VALUES (23, CONCAT((SELECT body FROM cases_ui.petitions "
                         "WHERE id = 20), '。'))");
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *insert = g_strdup_printf ("INSERT INTO cases_ui.petitions VALUES (%u, '%s%s')",
                                                 30 + r, pr_test_group_bodies[2], r == 1 ? "！" : "");

      pr_test_execute (root, insert);
    }
  scan_and_wait (session, mapping);
  second = names_by_primary (session);
  g_assert_cmpuint (g_hash_table_size (second), ==, 3);
  g_hash_table_iter_init (&iter, first);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (g_hash_table_lookup (second, key), ==, value);
  g_assert_cmpstr (g_hash_table_lookup (second, "30"), ==, "3");

  /* Regrouped at the same k, as the threshold dialog does. */
  regroup_at (session, 3);
  regrouped = names_by_primary (session);
  g_assert_cmpuint (g_hash_table_size (regrouped), ==, 3);
  g_hash_table_iter_init (&iter, second);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (g_hash_table_lookup (regrouped, key), ==, value);

  /* A decision records the case it was made against. */
  {
    g_autoptr(PrConnection) db = pr_test_connect (pr_test_ui_admin, "cases_ui");
    g_autoptr(PrStore) store = pr_store_open (db, NULL, &error);
    g_autoptr(PrClusterItem) item = g_list_model_get_item (pr_session_get_clusters (session), 0);
    g_autoptr(PrClusterItem) decided = NULL;
    g_autoptr(GPtrArray) decisions = NULL;

    g_assert_no_error (error);
    pr_session_decide_async (session, item, PR_VERDICT_REPEAT, pr_cluster_item_get_member (item, 1)->id,
                             store_result, &result);
    pr_test_wait_until (is_set, &result);
    decided = pr_session_decide_finish (session, result, &error);
    g_assert_no_error (error);
    g_clear_object (&result);
    decisions = pr_store_list_decisions (store, "petitions", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (decisions->len, ==, 1);
    g_assert_cmpuint (((PrDecision *) decisions->pdata[0])->case_number, ==, pr_cluster_item_get_number (item));
    g_assert_cmpuint (pr_cluster_item_get_number (item), >, 0);
  }

  {
    gpointer weak = session;

    g_object_add_weak_pointer (weak, &weak);
    g_clear_object (&session);
    pr_test_wait_until (pr_test_is_null, &weak);
  }
}
