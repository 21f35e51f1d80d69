/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval: runs the pipeline on labelled records and prints, for k = 0..8,
 * pairwise precision and recall of the label `dup`.
 *
 * A predicted pair is a pair of records within k bits. It is a true positive
 * if labelled `dup`; a false positive if labelled `diff` or not labelled at
 * all (the data's rule: unlisted pairs share little text). Pairs labelled
 * `same_matter` (the same matter, rewritten) are neither: they are counted
 * apart and left out of precision, and their recall is printed separately.
 * A `dup` pair is missed if it is not predicted, including when one of its
 * records is too short to be matched.
 */
#define G_LOG_DOMAIN "petition-review-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-csv-reader.h"
#include "pr-matches.h"

#define EVAL_MAX_K 8
#define MAX_BASES 16

typedef enum {
  LABEL_DUP,
  LABEL_SAME_MATTER,
  LABEL_DIFF,
} Label;

typedef struct {
  guint32 a, b;     /* record indices, a < b */
  Label   label;
  int     basis;    /* index into the bases seen, or -1 */
} LabelledPair;

/* Predicted pairs by their distance. */
typedef struct {
  GHashTable *label_of;
  guint       n_bases;
  struct {
    guint64 tp, fp, same;
    guint64 tp_by_basis[MAX_BASES];
  } at[EVAL_MAX_K + 1];
} Tally;

static guint64
pair_key (guint32 a,
          guint32 b)
{
  return ((guint64) MIN (a, b) << 32) | MAX (a, b);
}

static void
tally_pair (guint32  a,
            guint32  b,
            guint32  distance,
            gpointer user_data)
{
  Tally *tally = user_data;
  guint64 key = pair_key (a, b);
  const LabelledPair *lp = g_hash_table_lookup (tally->label_of, &key);

  if (lp == NULL || lp->label == LABEL_DIFF)
    tally->at[distance].fp++;
  else if (lp->label == LABEL_SAME_MATTER)
    tally->at[distance].same++;
  else
    {
      tally->at[distance].tp++;
      if (lp->basis >= 0 && (guint) lp->basis < tally->n_bases)
        tally->at[distance].tp_by_basis[lp->basis]++;
    }
}

static GArray *
load_pairs (const char   *path,
            PrRecordSet  *set,
            GPtrArray    *bases,
            GError      **error)
{
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, error);
  g_autoptr(GHashTable) index_of = NULL;
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GError) local_error = NULL;
  int col_a, col_b, col_label, col_basis;

  if (reader == NULL)
    return NULL;
  if (!pr_csv_reader_next (reader, NULL, &local_error))
    {
      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX, _("%s is empty"), path);
      return NULL;
    }

  col_a = pr_csv_reader_find_field (reader, "key_a");
  col_b = pr_csv_reader_find_field (reader, "key_b");
  col_label = pr_csv_reader_find_field (reader, "label");
  col_basis = pr_csv_reader_find_field (reader, "basis");
  if (col_a < 0 || col_b < 0 || col_label < 0)
    {
      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                   _("%s needs the columns key_a, key_b and label"), path);
      return NULL;
    }

  index_of = g_hash_table_new (g_str_hash, g_str_equal);
  for (gsize i = 0; i < set->n_records; i++)
    g_hash_table_insert (index_of, set->ids->pdata[i], GSIZE_TO_POINTER (i + 1));

  pairs = g_array_new (FALSE, FALSE, sizeof (LabelledPair));
  while (pr_csv_reader_next (reader, NULL, &local_error))
    {
      guint64 line = pr_csv_reader_get_line (reader);
      const char *key_a, *key_b, *label;
      gsize a, b;
      LabelledPair pair = { 0 };

      if (pr_csv_reader_get_n_fields (reader) <= (guint) MAX (MAX (col_a, col_b), MAX (col_label, col_basis)))
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                       _("%s, line %llu: too few fields"), path, (unsigned long long) line);
          return NULL;
        }
      key_a = pr_csv_reader_get_field (reader, col_a, NULL);
      key_b = pr_csv_reader_get_field (reader, col_b, NULL);
      label = pr_csv_reader_get_field (reader, col_label, NULL);
      a = GPOINTER_TO_SIZE (g_hash_table_lookup (index_of, key_a));
      b = GPOINTER_TO_SIZE (g_hash_table_lookup (index_of, key_b));
      if (a == 0 || b == 0)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                       _("%s, line %llu: no record has the id “%s” (is --id right?)"),
                       path, (unsigned long long) line, a == 0 ? key_a : key_b);
          return NULL;
        }
      if (a == b)
        continue;

      if (strcmp (label, "dup") == 0)
        pair.label = LABEL_DUP;
      else if (strcmp (label, "same_matter") == 0)
        pair.label = LABEL_SAME_MATTER;
      else if (strcmp (label, "diff") == 0)
        pair.label = LABEL_DIFF;
      else
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                       _("%s, line %llu: unknown label “%s” (dup, same_matter or diff)"),
                       path, (unsigned long long) line, label);
          return NULL;
        }

      pair.a = MIN (a, b) - 1;
      pair.b = MAX (a, b) - 1;
      pair.basis = -1;
      if (col_basis >= 0 && pair.label == LABEL_DUP)
        {
          const char *basis = pr_csv_reader_get_field (reader, col_basis, NULL);
          guint i;

          for (i = 0; i < bases->len; i++)
            if (strcmp (bases->pdata[i], basis) == 0)
              break;
          if (i == bases->len)
            g_ptr_array_add (bases, g_strdup (basis));
          pair.basis = i;
        }
      g_array_append_val (pairs, pair);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return g_steal_pointer (&pairs);
}

int
pr_cli_eval (int    argc,
             char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *records_path = NULL;
  g_autofree char *pairs_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(GArray) labelled = NULL;
  g_autoptr(PrMatches) matches = NULL;
  Tally tally = { 0 };
  g_autoptr(GHashTable) label_of = NULL;
  g_autoptr(GPtrArray) bases = g_ptr_array_new_with_free_func (g_free);
  guint64 n_dup = 0, n_same = 0;
  guint64 dup_by_basis[MAX_BASES] = { 0 };
  GOptionEntry entries[] = {
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records_path,
      N_("CSV file of the records"), N_("FILE") },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &pairs_path,
      N_("CSV file of labelled pairs: key_a,key_b,label[,…,basis]"), N_("FILE") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— precision and recall of repeat detection at k = 0…8"),
                             entries, &options, 0, &error))
    goto failed;
  if (records_path == NULL || pairs_path == NULL)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("give --records FILE and --pairs FILE"));
      goto failed;
    }

  set = pr_cli_load_records (records_path, &options, FALSE, &error);
  if (set == NULL)
    goto failed;
  labelled = load_pairs (pairs_path, set, bases, &error);
  if (labelled == NULL)
    goto failed;
  if (bases->len > MAX_BASES)
    g_ptr_array_set_size (bases, MAX_BASES);

  label_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < labelled->len; i++)
    {
      LabelledPair *pair = &g_array_index (labelled, LabelledPair, i);
      guint64 *key = g_new (guint64, 1);

      *key = pair_key (pair->a, pair->b);
      if (g_hash_table_contains (label_of, key))
        {
          g_free (key);
          continue;
        }
      g_hash_table_insert (label_of, key, pair);
      n_dup += pair->label == LABEL_DUP;
      n_same += pair->label == LABEL_SAME_MATTER;
      if (pair->label == LABEL_DUP && pair->basis >= 0 && (guint) pair->basis < bases->len)
        dup_by_basis[pair->basis]++;
    }
  if (n_dup == 0)
    {
      g_set_error (&error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                   _("%s has no pair labelled dup: nothing to measure"), pairs_path);
      goto failed;
    }

  /* One index run at the largest k; each pair is counted at its distance,
   * and a smaller k sums the distances up to it. */
  matches = pr_matches_find (set->fingerprints, set->sparse, set->n_records, EVAL_MAX_K,
                             options.threads, NULL, &error);
  if (matches == NULL)
    goto failed;
  tally.label_of = label_of;
  tally.n_bases = bases->len;
  pr_matches_foreach_pair (matches, tally_pair, &tally);

  printf (_("%llu records (%llu too short to match); %llu dup pairs, %llu same_matter pairs labelled\n\n"),
          (unsigned long long) set->n_records, (unsigned long long) set->n_sparse,
          (unsigned long long) n_dup, (unsigned long long) n_same);
  printf ("%2s %9s %6s %7s %6s %9s %7s %6s %9s", "k", "predicted", "dup", "other", "same",
          "precision", "recall", "F1", "sm-recall");
  for (guint i = 0; i < bases->len; i++)
    printf (" %14.14s", (const char *) bases->pdata[i]);
  printf ("\n");

  for (guint k = 0; k <= EVAL_MAX_K; k++)
    {
      guint64 tp = 0, fp = 0, same = 0;
      guint64 tp_by_basis[MAX_BASES] = { 0 };
      double precision, recall, f1;

      for (guint d = 0; d <= k; d++)
        {
          tp += tally.at[d].tp;
          fp += tally.at[d].fp;
          same += tally.at[d].same;
          for (guint i = 0; i < bases->len; i++)
            tp_by_basis[i] += tally.at[d].tp_by_basis[i];
        }

      precision = tp + fp > 0 ? (double) tp / (tp + fp) : 1.0;
      recall = (double) tp / n_dup;
      f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
      printf ("%2u %9" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT " %7" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT
              " %9.3f %7.3f %6.3f %9.3f",
              k, tp + fp + same, tp, fp, same, precision, recall, f1,
              n_same > 0 ? (double) same / n_same : 0.0);
      for (guint i = 0; i < bases->len; i++)
        printf (" %14.3f", dup_by_basis[i] > 0 ? (double) tp_by_basis[i] / dup_by_basis[i] : 0.0);
      printf ("\n");
    }

  printf ("\n%s\n", _("dup: predicted pairs labelled dup; other: labelled diff or not labelled (false positives);\n"
                      "same: labelled same_matter (left out of precision); the last columns are the recall of dup pairs by basis."));

  return 0;

failed:
  return pr_cli_fail ("eval", error);
}
