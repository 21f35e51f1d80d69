/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The office's kinds of repeat and what to do with each (pr-repeat-kind.c,
 * pr-case-rules.c) in the scan's outputs: the kind and the disposition of
 * each cluster member next to its primary, the earlier case, and of each
 * pair; the same person's other words as pairs of their own; and on
 * standard error the counts, and the states the rules' words do not know.
 */
#define G_LOG_DOMAIN "pr-cli-kinds"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-case-columns.h"
#include "pr-encoding-check.h"
#include "pr-encoding-misread.h"
#include "pr-cli.h"

/* How many unknown state words a warning names. */
#define MAX_NAMED 5

/**
 * pr_cli_kinds_init:
 * @rules_path: (nullable): --rules; %NULL: the defaults
 * @error: return location for a #GError
 *
 * Returns: %FALSE if the rules file cannot be read as rules
 */
gboolean
pr_cli_kinds_init (PrCliKinds  *self,
                   const char  *rules_path,
                   GError     **error)
{
  memset (self, 0, sizeof *self);
  self->rules = rules_path != NULL ? pr_case_rules_new_from_file (rules_path, error) : pr_case_rules_new_default ();
  if (self->rules != NULL)
    return TRUE;
  g_prefix_error (error, "--rules: ");
  return FALSE;
}

void
pr_cli_kinds_clear (PrCliKinds *self)
{
  g_clear_pointer (&self->rules, pr_case_rules_free);
}

static void
format_due (gint64 due_day,
            char   due[16])
{
  due[0] = '\0';
  if (due_day != PR_DATE_NONE)
    {
      g_autofree char *text = pr_date_format_day (due_day);

      g_strlcpy (due, text, 16);
    }
}

/* The kind of @later next to @earlier (a pair of the fingerprints or the
 * passages), what to do with it, and the last day of the earlier case's
 * step ("" if none). */
void
pr_cli_kinds_pair_cells (PrCliKinds   *self,
                         PrRecordSet  *set,
                         guint32       earlier,
                         guint32       later,
                         const char  **kind,
                         const char  **disposition,
                         char          due[16])
{
  PrRepeatKind k = pr_repeat_kind_of_pair (set, self->rules, earlier, later);
  gint64 due_day;
  PrDisposition d = pr_repeat_disposition (set, self->rules, k, earlier, later, &due_day);

  *kind = pr_repeat_kind_to_string (k);
  *disposition = pr_disposition_to_string (d);
  format_due (due_day, due);
}

/* A cluster member's kind next to the primary; its disposition by the
 * case it repeats (pr_repeat_earlier_case()), and that case's record in
 * @out_earlier (G_MAXUINT32 without a disposition). */
static PrRepeatKind
member_kind (PrCliKinds      *self,
             PrRecordSet     *set,
             const PrCluster *cluster,
             guint            m,
             PrDisposition   *out_disposition,
             guint32         *out_earlier,
             gint64          *out_due)
{
  guint32 later = cluster->members[m];
  PrRepeatKind kind = pr_repeat_kind_of_pair (set, self->rules, cluster->members[0], later);
  guint32 earlier = pr_repeat_earlier_case (set, self->rules, cluster->members, cluster->n_members, m);

  *out_disposition = pr_repeat_disposition (set, self->rules, pr_repeat_kind_of_pair (set, self->rules, earlier, later),
                                            earlier, later, out_due);
  *out_earlier = *out_disposition != PR_DISPOSITION_NONE ? earlier : G_MAXUINT32;
  return kind;
}

/* The kind, disposition, due day and earlier case's id of member @m > 0
 * of @cluster, for scan --out. */
void
pr_cli_kinds_member_cells (PrCliKinds       *self,
                           PrRecordSet      *set,
                           const PrCluster  *cluster,
                           guint             m,
                           const char      **kind,
                           const char      **disposition,
                           const char      **earlier_id,
                           char              due[16])
{
  PrDisposition d;
  guint32 earlier;
  gint64 due_day;

  *kind = pr_repeat_kind_to_string (member_kind (self, set, cluster, m, &d, &earlier, &due_day));
  *disposition = pr_disposition_to_string (d);
  *earlier_id = earlier != G_MAXUINT32 ? set->ids->pdata[earlier] : "";
  format_due (due_day, due);
}

/**
 * pr_cli_kinds_same_person:
 * @clustering: the scan's clusters: their members are repeats already
 *
 * Returns: (transfer full) (element-type PrRecordPair): one person's
 *   records in one category within the rules' window, in other words
 */
GArray *
pr_cli_kinds_same_person (PrCliKinds   *self,
                          PrRecordSet  *set,
                          PrClustering *clustering)
{
  g_autofree guint32 *cluster_of = g_new (guint32, MAX (set->n_records, 1));
  GArray *pairs;

  for (gsize r = 0; r < set->n_records; r++)
    cluster_of[r] = G_MAXUINT32;
  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);

      for (guint m = 0; m < cluster->n_members; m++)
        cluster_of[cluster->members[m]] = c;
    }
  pairs = pr_repeat_kind_same_person (set, self->rules, cluster_of);
  return pairs;
}

/* Whether @state, a word the rules do not know, is another encoding's
 * text read wrong (GBK in a latin1 column): then said so, with the way to
 * read it, and TRUE; no word added to the rules would be the fix. */
static gboolean
report_misread_state (const char *state)
{
  gsize length = strlen (state);
  PrEncodingGuess guess = pr_encoding_guess_misdecoded (state, length);
  g_autofree char *read = pr_encoding_text_read_back (state, length, guess);
  PrEncodingMisread misread = { 0 };
  const char *source = pr_encoding_guess_to_string (guess);

  if (read == NULL && pr_encoding_misread_find (state, length, &misread) && misread.source != NULL)
    {
      read = g_steal_pointer (&misread.recovered);
      source = misread.source;
    }
  pr_encoding_misread_clear (&misread);
  if (read == NULL)
    return FALSE;
  fprintf (stderr, _("Warning: the state “%s” is %s text read in another encoding (“%s”), so no state of the "
                     "rules is known: give the status column's encoding (--column-encoding COLUMN=%s for a "
                     "table's column, --encoding %s for a file).\n"),
           state, source, read, source, source);
  return TRUE;
}

/* The states written that the rules' words do not know: a repeat of such
 * a case gets no disposition, which the user must hear of. */
static void
report_unknown_states (PrCliKinds  *self,
                       PrRecordSet *set)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) named = g_string_new (NULL);
  guint64 n_records = 0;
  guint n_named = 0;
  GHashTableIter iter;
  gpointer key, value;

  if (!pr_case_columns_has_status (set->cases))
    return;
  for (gsize r = 0; r < set->n_records; r++)
    {
      const char *text = pr_case_columns_get_status (set->cases, r);

      /* Each distinct text is looked up once. */
      if (text[0] == '\0')
        continue;
      value = g_hash_table_lookup (counts, text);
      if (value == NULL)
        value = GSIZE_TO_POINTER (pr_case_rules_state_of (self->rules, text) == PR_CASE_STATE_UNKNOWN ? 1 : 0);
      else if (GPOINTER_TO_SIZE (value) > 0)
        value = GSIZE_TO_POINTER (GPOINTER_TO_SIZE (value) + 1);
      g_hash_table_insert (counts, (gpointer) text, value);
    }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (GPOINTER_TO_SIZE (value) == 0)
        continue;
      if (report_misread_state (key))
        continue;
      n_records += GPOINTER_TO_SIZE (value);
      if (n_named++ < MAX_NAMED)
        g_string_append_printf (named, "%s“%s”", named->len > 0 ? ", " : "", (const char *) key);
    }
  if (n_records == 0)
    return;
  fprintf (stderr, ngettext ("Warning: %llu record has a state the rules do not know (%s): a repeat of its case "
                             "gets no disposition. Add the word to the right state in a rules file (--rules; "
                             "see the admin guide).\n",
                             "Warning: %llu records have states the rules do not know (%s): a repeat of their "
                             "cases gets no disposition. Add each word to the right state in a rules file "
                             "(--rules; see the admin guide).\n", (gulong) n_records),
           (unsigned long long) n_records, named->str);
}

static void
report_unreadable_accepted (PrRecordSet *set)
{
  GPtrArray *ids = NULL;
  guint64 n = pr_case_columns_count_unreadable_accepted (set->cases, &ids);
  g_autoptr(GString) named = g_string_new (NULL);

  if (n == 0)
    return;
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    g_string_append_printf (named, "%s%s", i > 0 ? ", " : "", (const char *) ids->pdata[i]);
  fprintf (stderr, ngettext ("Warning: %llu record has an accepted date that is not a date (record %s): its case "
                             "is reminded but never called overdue.\n",
                             "Warning: %llu records have accepted dates that are not dates (records %s): their "
                             "cases are reminded but never called overdue.\n", (gulong) n),
           (unsigned long long) n, named->str);
}

/* The counts of each kind and disposition of the clusters' members on
 * standard error, and what the columns could not be read for. */
void
pr_cli_kinds_report (PrCliKinds   *self,
                     PrRecordSet  *set,
                     PrClustering *clustering,
                     guint         n_same_person)
{
  guint64 k[PR_REPEAT_KIND_SAME_PERSON + 1] = { 0 }, d[PR_DISPOSITION_NEW_CASE + 1] = { 0 };

  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);

      for (guint m = 1; m < cluster->n_members; m++)
        {
          PrDisposition disposition;
          guint32 earlier;
          gint64 due;

          k[member_kind (self, set, cluster, m, &disposition, &earlier, &due)]++;
          d[disposition]++;
        }
    }
  k[PR_REPEAT_KIND_SAME_PERSON] = n_same_person;

  if (k[PR_REPEAT_KIND_REPEAT] + k[PR_REPEAT_KIND_SAME_MATTER] + k[PR_REPEAT_KIND_MULTI_SEND] +
      k[PR_REPEAT_KIND_SAME_PERSON] > 0)
    /* Translators: the counts of the clusters' records by kind (重复件, 同事异人, 一信多投), then of
     * the pairs of one person's records in other words. */
    fprintf (stderr, _("Kinds: repeat by the same person %llu, same matter by others %llu, one letter sent to "
                       "several bodies (not a repeat) %llu; pairs of the same person in other words %llu\n"),
             (unsigned long long) k[PR_REPEAT_KIND_REPEAT], (unsigned long long) k[PR_REPEAT_KIND_SAME_MATTER],
             (unsigned long long) k[PR_REPEAT_KIND_MULTI_SEND], (unsigned long long) k[PR_REPEAT_KIND_SAME_PERSON]);
  if (pr_case_columns_has_status (set->cases))
    /* Translators: 催办, 催办 past the period, 不再受理, 另行受理. */
    fprintf (stderr, _("Dispositions of the repeats: remind %llu, overdue %llu, not to be accepted again %llu, "
                       "new case %llu\n"),
             (unsigned long long) d[PR_DISPOSITION_REMIND], (unsigned long long) d[PR_DISPOSITION_OVERDUE],
             (unsigned long long) d[PR_DISPOSITION_NOT_AGAIN], (unsigned long long) d[PR_DISPOSITION_NEW_CASE]);
  report_unknown_states (self, set);
  report_unreadable_accepted (set);
}
