/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval: runs the pipeline on labelled records and prints, for k = 0..8,
 * pairwise precision and recall of the label `dup`, then the same for the
 * clusters those pairs make.
 *
 * A predicted pair is a pair of records within k bits, or (unless
 * --no-parts) sharing enough of their sentences (pr-parts.c). It is a true
 * positive if labelled `dup`; a false positive if labelled `diff` or not
 * labelled at all (the data's rule: unlisted pairs share little text). Pairs
 * labelled `same_matter` (the same matter, rewritten) are neither: they are
 * counted apart and left out of precision, and their recall is printed
 * separately. A `dup` pair is missed if it is not predicted, including when
 * one of its records is too short to be matched.
 *
 * Cluster level: the predicted pairs joined into connected components, as
 * a scan groups them; every pair of records in one cluster is implied, so
 * a chain through unrelated records counts against precision.
 *
 * The truth comes as labelled pairs (--pairs), or as groups of duplicates,
 * which is how record-linkage sets give it: a column of the records
 * (--truth-groups), or a file of one group a row (--truth-groups-file).
 * Every two records of a group are a `dup` pair, all other pairs `diff`.
 *
 * --exact is the baseline a fingerprint has to beat: records whose mapped
 * values are the same bytes (a content hash, as an MD5 of the row would
 * be), with no normalisation and no k.
 */
#define G_LOG_DOMAIN "pr-cli-eval"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-cli-eval-private.h"
#include "pr-csv-reader.h"
#include "pr-matches.h"
#include "pr-pair-judge.h"
#include "pr-short-pairs.h"
#include "pr-pair-linkage.h"
#include "pr-simhash.h"
#include "pr-union-find.h"

#define EVAL_MAX_K 8
#define MAX_BASES 16

/* A predicted pair, packed: its distance + 1 (bits 0–7), whether its parts
 * match (bit 8), whether the whole-record index found it (bit 9), and the
 * parts' containment in thousandths (bits 12–21). */
#define PART_MATCH 0x100
#define WHOLE_MATCH 0x200
#define CONTAINMENT_SHIFT 12

typedef struct {
  guint64 tp, fp, same, held_back;
  guint64 tp_by_basis[MAX_BASES];
} Counts;

/* What a pair is counted as: its label, or for an unlisted pair whether it
 * is one of the labelled set's held-back pairs (see _pr_cli_eval_held_back_grams ()). */
typedef struct {
  GHashTable *label_of;
  guint       n_bases;
  GPtrArray  *grams;        /* per record, GArray of sorted guint64; NULL: no held-back pairs */
  double      held_back_jaccard;
} Judge;

static void
add_whole_pair (guint32  a,
                guint32  b,
                guint32  distance,
                gpointer user_data)
{
  GHashTable *predicted = user_data;
  guint64 key = pair_key (a, b);

  g_hash_table_insert (predicted, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER ((distance + 1) | WHOLE_MATCH));
}

typedef struct {
  GHashTable    *predicted;
  const guint64 *fingerprints;
} PartSink;

/* Marks @a and @b a pair found on text, with @flags beside the
 * fingerprints' distance. */
static void
mark_text_pair (PartSink *sink,
                guint32   a,
                guint32   b,
                guint     flags)
{
  guint64 key = pair_key (a, b);
  guint value = GPOINTER_TO_UINT (g_hash_table_lookup (sink->predicted, &key));

  if (value == 0)
    value = pr_hamming_distance (sink->fingerprints[a], sink->fingerprints[b]) + 1;
  g_hash_table_insert (sink->predicted, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (value | flags));
}

static void
add_part_pair (guint32  a,
               guint32  b,
               double   containment,
               gpointer user_data)
{
  mark_text_pair (user_data, a, b, PART_MATCH | ((guint) (containment * 1000 + 0.5) << CONTAINMENT_SHIFT));
}

/* A short-body candidate (pr-short-pairs.c): taken at every k, as a
 * passage is, with no passage's containment. */
static void
add_short_pair (guint32  a,
                guint32  b,
                double   containment,
                gpointer user_data)
{
  mark_text_pair (user_data, a, b, PART_MATCH);
}

static gboolean
predicted_at (guint value,
              guint k)
{
  return (value & PART_MATCH) != 0 || (value & 0xff) - 1 <= k;
}

static double
jaccard (GArray *a,
         GArray *b)
{
  guint i = 0, j = 0, both = 0;

  if (a->len + b->len == 0)
    return 0;
  while (i < a->len && j < b->len)
    {
      guint64 x = g_array_index (a, guint64, i), y = g_array_index (b, guint64, j);

      both += x == y;
      i += x <= y;
      j += y <= x;
    }
  return (double) both / (a->len + b->len - both);
}

typedef enum {
  VERDICT_DUP,
  VERDICT_OTHER,       /* labelled diff, or not labelled */
  VERDICT_SAME_MATTER,
  VERDICT_HELD_BACK,
} Verdict;

static Verdict
judge_pair (const Judge          *judge,
            guint64               pair,
            const LabelledPair  **labelled)
{
  const LabelledPair *lp = g_hash_table_lookup (judge->label_of, &pair);

  *labelled = lp;
  if (lp == NULL && judge->grams != NULL &&
      jaccard (judge->grams->pdata[pair >> 32], judge->grams->pdata[(guint32) pair]) >= judge->held_back_jaccard)
    return VERDICT_HELD_BACK;
  if (lp == NULL || lp->label == LABEL_DIFF)
    return VERDICT_OTHER;
  return lp->label == LABEL_SAME_MATTER ? VERDICT_SAME_MATTER : VERDICT_DUP;
}

static void
count_pair (const Judge *judge,
            Counts      *counts,
            guint64      pair)
{
  const LabelledPair *lp;

  switch (judge_pair (judge, pair, &lp))
    {
    case VERDICT_HELD_BACK:
      counts->held_back++;
      break;
    case VERDICT_OTHER:
      counts->fp++;
      break;
    case VERDICT_SAME_MATTER:
      counts->same++;
      break;
    case VERDICT_DUP:
      counts->tp++;
      if (lp->basis >= 0 && (guint) lp->basis < judge->n_bases)
        counts->tp_by_basis[lp->basis]++;
      break;
    }
}

/* The pairs implied by the clusters the predicted pairs at @k make: every
 * two records of a component. */
static void
count_clusters (GHashTable  *predicted,
                const Judge *judge,
                gsize        n_records,
                guint        k,
                Counts      *counts,
                guint64     *n_clusters)
{
  g_autofree guint32 *parent = g_new (guint32, n_records);
  g_autoptr(GHashTable) members = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                         (GDestroyNotify) g_array_unref);
  GHashTableIter iter;
  gpointer key, value;

  pr_union_find_init (parent, n_records);
  g_hash_table_iter_init (&iter, predicted);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (predicted_at (GPOINTER_TO_UINT (value), k))
      {
        guint64 pair = *(guint64 *) key;

        pr_union_find_join_lowest (parent, (guint32) (pair >> 32), (guint32) pair);
      }

  for (gsize i = 0; i < n_records; i++)
    {
      guint32 root = pr_union_find_root (parent, (guint32) i);
      GArray *list = g_hash_table_lookup (members, GUINT_TO_POINTER (root));

      if (root == i)
        continue;
      if (list == NULL)
        {
          list = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (list, root);
          g_hash_table_insert (members, GUINT_TO_POINTER (root), list);
        }
      g_array_append_val (list, i);
    }

  memset (counts, 0, sizeof *counts);
  *n_clusters = g_hash_table_size (members);
  g_hash_table_iter_init (&iter, members);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GArray *list = value;

      for (guint i = 0; i < list->len; i++)
        for (guint j = i + 1; j < list->len; j++)
          {
            count_pair (judge, counts, pair_key (g_array_index (list, guint32, i), g_array_index (list, guint32, j)));
          }
    }
}
static gboolean
write_pair (PrCsvWriter *writer,
               PrRecordSet *set,
               const char  *kind,
               guint64      pair,
               const char  *label,
               guint        value,
               GError     **error)
{
  guint32 a = (guint32) (pair >> 32), b = (guint32) pair;
  g_autofree char *distance = g_strdup_printf ("%u", pr_hamming_distance (set->fingerprints[a], set->fingerprints[b]));
  g_autofree char *containment = g_strdup_printf ("%.3f", (value >> CONTAINMENT_SHIFT) / 1000.0);
  const char *fields[] = { kind, set->ids->pdata[a], set->ids->pdata[b], label, distance,
                           (value & PART_MATCH) != 0 ? "1" : "0", containment };

  return pr_csv_writer_write_row (writer, fields, G_N_ELEMENTS (fields), error);
}

/* The predicted pairs at @k (tp, fp, same, held) and the missed dup pairs (fn),
 * for reading. */
static gboolean
write_pairs (const char  *path,
             PrRecordSet *set,
             GHashTable  *predicted,
             GArray      *labelled,
             const Judge *judge,
             guint        k,
             GError     **error)
{
  g_autoptr(PrCsvWriter) writer = pr_cli_open_csv_output (path, PR_CSV_WRITER_FLAGS_NONE, error);
  const char *heading[] = { "kind", "key_a", "key_b", "label", "distance", "parts", "containment" };
  GHashTableIter iter;
  gpointer key, value;

  if (writer == NULL)
    return FALSE;
  if (!pr_csv_writer_write_row (writer, heading, G_N_ELEMENTS (heading), error))
    return FALSE;
  g_hash_table_iter_init (&iter, predicted);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      static const char *const kinds[] = { [VERDICT_DUP] = "tp", [VERDICT_OTHER] = "fp",
                                           [VERDICT_SAME_MATTER] = "same", [VERDICT_HELD_BACK] = "held" };
      const LabelledPair *lp;
      const char *kind = kinds[judge_pair (judge, *(guint64 *) key, &lp)];
      const char *label = lp == NULL ? "" : lp->label == LABEL_DIFF ? "diff" : lp->label == LABEL_DUP ? "dup" : "same_matter";

      if (predicted_at (GPOINTER_TO_UINT (value), k) &&
          !write_pair (writer, set, kind, *(guint64 *) key, label, GPOINTER_TO_UINT (value), error))
        return FALSE;
    }
  for (guint i = 0; i < labelled->len; i++)
    {
      const LabelledPair *lp = &g_array_index (labelled, LabelledPair, i);
      guint64 pair = pair_key (lp->a, lp->b);
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (predicted, &pair));

      if (lp->label == LABEL_DUP && g_hash_table_lookup (judge->label_of, &pair) == lp &&
          (found == 0 || !predicted_at (found, k)) &&
          !write_pair (writer, set, "fn", pair, "dup", found, error))
        return FALSE;
    }
  return pr_csv_writer_close (writer, error);
}

/* Counts the pairs predicted at @k; with @whole_only, only those the
 * whole-record fingerprints found, as if parts were not matched. */
static void
count_pairs (GHashTable  *predicted,
             const Judge *judge,
             guint        k,
             gboolean     whole_only,
             Counts      *counts)
{
  GHashTableIter iter;
  gpointer key, value;

  memset (counts, 0, sizeof *counts);
  g_hash_table_iter_init (&iter, predicted);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint packed = GPOINTER_TO_UINT (value);

      if (whole_only ? (packed & WHOLE_MATCH) != 0 && (packed & 0xff) - 1 <= k : predicted_at (packed, k))
        count_pair (judge, counts, *(guint64 *) key);
    }
}

/* Called for each row of the records file that was loaded as a record,
 * with the value of the column asked for. */
static void
add_exact_pairs (PrRecordSet *set,
                 GHashTable  *predicted)
{
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                                        (GDestroyNotify) g_array_unref);
  GHashTableIter iter;
  gpointer value;

  for (gsize i = 0; i < set->n_records; i++)
    {
      GArray *members;
      guint32 record = (guint32) i;

      if (set->sparse[i])
        continue;
      members = g_hash_table_lookup (groups, &set->content_hashes[i]);
      if (members == NULL)
        {
          members = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_hash_table_insert (groups, &set->content_hashes[i], members);
        }
      g_array_append_val (members, record);
    }
  g_hash_table_iter_init (&iter, groups);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GArray *members = value;

      for (guint i = 0; i < members->len; i++)
        for (guint j = i + 1; j < members->len; j++)
          add_whole_pair (g_array_index (members, guint32, i), g_array_index (members, guint32, j), 0, predicted);
    }
}

static void
measure (const Counts *counts,
         guint64       n_dup,
         double       *precision,
         double       *recall,
         double       *f1)
{
  *precision = counts->tp + counts->fp > 0 ? (double) counts->tp / (counts->tp + counts->fp) : 1.0;
  *recall = (double) counts->tp / n_dup;
  *f1 = *precision + *recall > 0 ? 2 * *precision * *recall / (*precision + *recall) : 0;
}

static void
print_counts_heading (void)
{
  printf (" %9s %6s %7s %6s %6s %9s %7s %6s", "predicted", "dup", "other", "same", "held",
          "precision", "recall", "F1");
}

static void
print_counts (const Counts *counts,
              guint64       n_dup)
{
  double precision, recall, f1;

  measure (counts, n_dup, &precision, &recall, &f1);
  printf (" %9" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT " %7" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT
          " %6" G_GUINT64_FORMAT " %9.3f %7.3f %6.3f",
          counts->tp + counts->fp + counts->same + counts->held_back, counts->tp, counts->fp, counts->same,
          counts->held_back, precision, recall, f1);
}

static void
print_recalls_heading (GPtrArray *bases)
{
  printf (" %9s", "sm-recall");
  for (guint i = 0; i < bases->len; i++)
    printf (" %14.14s", (const char *) bases->pdata[i]);
  printf ("\n");
}

/* The recall of same_matter pairs, and of dup pairs by basis. */
static void
print_recalls (const Counts  *counts,
               guint64        n_same,
               const guint64 *dup_by_basis,
               guint          n_bases)
{
  printf (" %9.3f", n_same > 0 ? (double) counts->same / n_same : 0.0);
  for (guint i = 0; i < n_bases; i++)
    printf (" %14.3f", dup_by_basis[i] > 0 ? (double) counts->tp_by_basis[i] / dup_by_basis[i] : 0.0);
  printf ("\n");
}

/* What is measured against: the labelled pairs and their totals. */
typedef struct {
  GPtrArray *bases;
  guint64    n_dup, n_same;
  guint64    dup_by_basis[MAX_BASES];
} Truth;

static void
print_table (const char   *title,
             const Truth  *truth,
             const Counts *rows)
{
  printf ("%s\n%2s", title, "k");
  print_counts_heading ();
  print_recalls_heading (truth->bases);
  for (guint k = 0; k <= EVAL_MAX_K; k++)
    {
      printf ("%2u", k);
      print_counts (&rows[k], truth->n_dup);
      print_recalls (&rows[k], truth->n_same, truth->dup_by_basis, truth->bases->len);
    }
}

/* One setting in one row: the pairs, then the clusters they make, then the
 * recalls of the pairs. Made to be read by a script too (build-aux/evaluate):
 * fields separated by spaces, the groups by “|”. */
static void
print_summary (const char   *label,
               const Truth  *truth,
               const Counts *pairs,
               const Counts *clusters)
{
  printf ("%5s", "k");
  print_counts_heading ();
  printf (" |");
  print_counts_heading ();
  printf (" |");
  print_recalls_heading (truth->bases);

  printf ("%5s", label);
  print_counts (pairs, truth->n_dup);
  printf (" |");
  print_counts (clusters, truth->n_dup);
  printf (" |");
  print_recalls (pairs, truth->n_same, truth->dup_by_basis, truth->bases->len);
}

static void
to_points (const Counts    *rows,
           guint64          n_dup,
           PrCliCurvePoint *points)
{
  for (guint k = 0; k <= EVAL_MAX_K; k++)
    {
      double f1;

      points[k].k = k;
      measure (&rows[k], n_dup, &points[k].precision, &points[k].recall, &f1);
    }
}

/* The curve: the whole-record pairs alone, the pairs with parts, and the
 * clusters of the pairs with parts (without parts, the second is the
 * first and is left out). */
static gboolean
write_curve (const char   *path,
             gboolean      with_parts,
             guint64       n_dup,
             const Counts *whole,
             const Counts *pairs,
             const Counts *clusters,
             GError      **error)
{
  PrCliCurvePoint whole_points[EVAL_MAX_K + 1], pair_points[EVAL_MAX_K + 1], cluster_points[EVAL_MAX_K + 1];
  PrCliCurveSeries series[3];
  guint n = 0;

  to_points (whole, n_dup, whole_points);
  to_points (pairs, n_dup, pair_points);
  to_points (clusters, n_dup, cluster_points);
  series[n++] = (PrCliCurveSeries) { _("pairs, whole-record fingerprints only"), whole_points, EVAL_MAX_K + 1 };
  if (with_parts)
    series[n++] = (PrCliCurveSeries) { _("pairs, with shared parts"), pair_points, EVAL_MAX_K + 1 };
  series[n++] = (PrCliCurveSeries) { with_parts ? _("clusters, with shared parts")
                                                : _("clusters, whole-record fingerprints"),
                                     cluster_points, EVAL_MAX_K + 1 };

  return pr_cli_write_curve (path, _("Precision and recall of dup pairs, k = 0…8"),
                             _("recall"), _("precision"), _("The numbers at the points are k."),
                             series, n, error);
}

/* The index of the basis "read" (pairs a person read), or −1. */
static int
read_basis (const Truth *truth)
{
  for (guint i = 0; i < truth->bases->len; i++)
    if (g_str_equal (truth->bases->pdata[i], "read"))
      return (int) i;
  return -1;
}

/* The read pairs alone, as the held-back ones are measured: recall of
 * the read dup pairs, precision against the pairs labelled diff. */
static void
print_read_pairs (GHashTable  *accepted,
                  const Judge *judge,
                  const Truth *truth)
{
  GHashTableIter iter;
  gpointer key, value;
  guint64 dup = 0, found = 0, diff_found = 0;
  int read = read_basis (truth);

  if (read < 0)
    return;
  g_hash_table_iter_init (&iter, judge->label_of);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const LabelledPair *lp = value;
      gboolean predicted = g_hash_table_contains (accepted, key);

      if (lp->label == LABEL_DUP && lp->basis == read)
        {
          dup++;
          found += predicted;
        }
      else if (lp->label == LABEL_DIFF)
        diff_found += predicted;
    }
  printf (_("      read pairs: recall %.3f (%llu of %llu dup), precision %.3f against the %llu labelled diff pairs "
            "predicted\n"), dup > 0 ? (double) found / dup : 0, (unsigned long long) found, (unsigned long long) dup,
          found + diff_found > 0 ? (double) found / (found + diff_found) : 1.0, (unsigned long long) diff_found);
}

/* Every candidate of the second stage, for reading and for choosing
 * features: its records, label, basis, fold, features and the probability
 * the weights learned without its fold give it. */
static gboolean
write_features (const char   *path,
                PrRecordSet  *set,
                GArray       *candidates,
                const Judge  *judge,
                const Truth  *truth,
                const double *features,
                const guint8 *folds,
                const double *learned,
                GError      **error)
{
  g_autoptr(PrCsvWriter) writer = pr_cli_open_csv_output (path, PR_CSV_WRITER_FLAGS_NONE, error);
  g_autoptr(GPtrArray) row = g_ptr_array_new_with_free_func (g_free);

  if (writer == NULL)
    return FALSE;
  for (const char *const *h = (const char *const[]) { "key_a", "key_b", "label", "basis", "fold", NULL }; *h; h++)
    g_ptr_array_add (row, g_strdup (*h));
  for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
    g_ptr_array_add (row, g_strdup (pr_pair_feature_name (f)));
  g_ptr_array_add (row, g_strdup ("probability"));
  if (!pr_csv_writer_write_row (writer, (const char **) row->pdata, row->len, error))
    return FALSE;
  for (guint i = 0; i < candidates->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (candidates, PrScoredPair, i);
      const LabelledPair *lp = NULL;

      judge_pair (judge, pair_key (pair->a, pair->b), &lp);
      g_ptr_array_set_size (row, 0);
      g_ptr_array_add (row, g_strdup (set->ids->pdata[pair->a]));
      g_ptr_array_add (row, g_strdup (set->ids->pdata[pair->b]));
      g_ptr_array_add (row, g_strdup (lp == NULL ? "" : lp->label == LABEL_DIFF ? "diff"
                                      : lp->label == LABEL_DUP ? "dup" : "same_matter"));
      g_ptr_array_add (row, g_strdup (lp == NULL || lp->basis < 0 ? "" : truth->bases->pdata[lp->basis]));
      g_ptr_array_add (row, g_strdup_printf ("%u", folds[i]));
      for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
        g_ptr_array_add (row, g_strdup_printf ("%.6g", features[i * PR_PAIR_N_FEATURES + f]));
      g_ptr_array_add (row, g_strdup_printf ("%.6f", learned[i]));
      if (!pr_csv_writer_write_row (writer, (const char **) row->pdata, row->len, error))
        return FALSE;
    }
  return pr_csv_writer_close (writer, error);
}

/* The precision the nested cross-validation's choice keeps: the target's. */
#define EVAL_NESTED_PRECISION 0.95

/* --repeat-weights, --costs and --read-weights: numbers separated by commas, each in
 * [@min, @max]; @values gets them, none given keeping @fallback. */
static gboolean
parse_numbers (const char *flag,
               const char *text,
               double      min,
               double      max,
               double      fallback,
               gboolean    whole,
               GArray     *values,
               GError    **error)
{
  g_auto(GStrv) parts = NULL;

  if (text == NULL)
    {
      g_array_append_val (values, fallback);
      return TRUE;
    }
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      gboolean given;
      double value;

      if (!pr_cli_parse_optional_number (flag, g_strstrip (parts[i]), min, max, &given, &value, error))
        return FALSE;
      if (whole && value != floor (value))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--%s: “%s” is not a whole number; give whole numbers such as 1,2,3"), flag, parts[i]);
          return FALSE;
        }
      g_array_append_val (values, value);
    }
  return TRUE;
}

/* The second stage (pr-pair-judge.c) over the candidates at @k: every
 * candidate scored, with the shipped weights and with weights learned on
 * the labels here, by @n_folds-fold cross-validation (each pair scored by
 * weights that never saw its fold; the folds follow the candidates'
 * connected records, so that no record is in two folds). Prints a
 * summary row for each; with @weights_out, writes the weights learned
 * from every label. */
static gboolean
evaluate_second_stage (PrCliMappingOptions *options,
                       const PrMapping     *mapping,
                       PrRecordSet         *set,
                       GHashTable          *predicted,
                       const Judge         *judge,
                       const Truth         *truth,
                       double               threshold,
                       guint                n_folds,
                       guint32              fold_seed,
                       const PrPairFitting *grid,
                       guint                n_grid,
                       const char          *weights_out,
                       const char          *features_out,
                       GError             **error)
{
  g_autofree guint8 *counted = NULL;
  g_autofree double *nested = NULL;
  g_autofree guint *chosen = NULL;
  PrPairFitting fitting = n_grid == 1 ? grid[0] : PR_PAIR_FITTING_SHIPPED;
  int read = read_basis (truth);
  g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autofree double *features = NULL;
  g_autofree guint8 *labels = NULL;
  g_autofree guint8 *folds = NULL;
  g_autofree double *learned = NULL;
  g_autoptr(GError) local_error = NULL;
  guint n_rows = 2;
  /* The shipped set for this mapping's kind, as a scan of it would judge. */
  const PrPairModel *shipped = pr_pair_model_for_mapping (mapping);
  GHashTableIter iter;
  gpointer key, value;
  gsize n;

  g_hash_table_iter_init (&iter, predicted);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (predicted_at (GPOINTER_TO_UINT (value), options->k))
      {
        guint64 pair = *(guint64 *) key;
        PrScoredPair candidate = { (guint32) (pair >> 32), (guint32) pair, (GPOINTER_TO_UINT (value) & 0xff) - 1, -1 };

        g_array_append_val (candidates, candidate);
      }
  n = candidates->len;
  features = g_new (double, MAX (n, 1) * PR_PAIR_N_FEATURES);
  labels = g_new (guint8, MAX (n, 1));
  learned = g_new (double, MAX (n, 1));
  if (!pr_pair_judge_all_features (mapping, pr_cli_load_flags (options), set, (const PrScoredPair *) (gpointer) candidates->data,
                                   n, features, options->threads, NULL, error))
    return FALSE;
  /* The nested choice measures what the held-back pairs are measured
   * by, when the labels say which were read: the read dup pairs against
   * the pairs labelled diff. */
  if (read >= 0)
    counted = g_new0 (guint8, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    {
      const PrScoredPair *pair = &g_array_index (candidates, PrScoredPair, i);
      const LabelledPair *lp;
      Verdict verdict = judge_pair (judge, pair_key (pair->a, pair->b), &lp);

      if (counted != NULL)
        counted[i] = lp != NULL && ((lp->label == LABEL_DUP && lp->basis == read) || lp->label == LABEL_DIFF);
      switch (verdict)
        {
        case VERDICT_DUP:
          labels[i] = 1;
          break;
        case VERDICT_OTHER:
          labels[i] = 0;
          break;
        default:
          labels[i] = PR_PAIR_UNLABELLED;
          break;
        }
    }
  folds = pr_pair_folds_seeded (candidates->data, sizeof (PrScoredPair), n, set->n_records, n_folds, fold_seed);
  if (!pr_pair_cross_validate_within (features, labels, counted, folds, n, n_folds, -1, &fitting, learned,
                                      &local_error))
    {
      /* Too few labels of one kind to learn from: the shipped weights are
       * still measured, and the missing row is said, not guessed. */
      if (!g_error_matches (local_error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_LABELS) ||
          features_out != NULL || weights_out != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      printf (_("\nSecond stage: no weights learned here (%s); the shipped weights alone.\n"),
              local_error->message);
      n_rows = 1;
    }
  if (n_rows == 2 && n_grid > 1)
    {
      nested = g_new (double, MAX (n, 1));
      chosen = g_new (guint, n_folds);
      if (!pr_pair_cross_validate_nested (features, labels, counted, folds, n, n_folds, grid, n_grid, threshold,
                                          EVAL_NESTED_PRECISION, nested, chosen, error))
        return FALSE;
      n_rows = 3;
    }
  if (features_out != NULL &&
      !write_features (features_out, set, candidates, judge, truth, features, folds, learned, error))
    return FALSE;

  printf (_("\nSecond stage: %zu candidate pairs (the pairs above), each scored; a repeat at "
            "probability ≥ %.2f. Learned: %u-fold cross-validation, each pair scored by weights learned "
            "without its fold.\n"), (size_t) n, threshold, n_folds);
  if (n_rows == 3)
    {
      printf (_("Nested (row nest): in each fold, the repeats' weight, C and the read pairs' weight chosen from the %u "
                "given by a %u-fold "
                "cross-validation on the other folds alone (the most recall of %s at precision ≥ %.2f); chosen:"),
              n_grid, n_folds - 1, counted != NULL ? _("the read dup pairs against the diff pairs") : _("the dup pairs"),
              EVAL_NESTED_PRECISION);
      for (guint fold = 0; fold < n_folds; fold++)
        printf (" %g/%g/%g", grid[chosen[fold]].repeat_weight, grid[chosen[fold]].cost, grid[chosen[fold]].read_weight);
      printf ("\n");
    }
  else if (n_grid == 1)
    printf (_("Learned with the repeats weighing %g, C %g and the read pairs counted %g times.\n"),
            fitting.repeat_weight, fitting.cost, fitting.read_weight);
  for (guint row = 0; row < n_rows; row++)
    {
      g_autoptr(GHashTable) accepted = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      Counts pairs_at, clusters_at;
      guint64 n_clusters;

      g_autoptr(GHashTable) linked_pairs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      g_autofree guint8 *linked = NULL;
      PrScoredPair *judged = (PrScoredPair *) (gpointer) candidates->data;

      for (gsize i = 0; i < n; i++)
        judged[i].probability = (float) (row == 0 ? pr_pair_model_probability (shipped,
                                                                                 features + i * PR_PAIR_N_FEATURES)
                                         : row == 1 ? learned[i] : nested[i]);
      /* The pairs are counted as judged; the clusters as the scan makes
       * them, by average linkage. */
      linked = pr_pair_linkage (judged, n, set->n_records, threshold);
      for (gsize i = 0; i < n; i++)
        {
          guint64 key_value = pair_key (judged[i].a, judged[i].b);
          gpointer packed = GUINT_TO_POINTER ((judged[i].distance + 1) | PART_MATCH);

          if (judged[i].probability >= threshold)
            g_hash_table_insert (accepted, g_memdup2 (&key_value, sizeof key_value), packed);
          if (linked[i])
            g_hash_table_insert (linked_pairs, g_memdup2 (&key_value, sizeof key_value), packed);
        }
      count_pairs (accepted, judge, options->k, FALSE, &pairs_at);
      count_clusters (linked_pairs, judge, set->n_records, options->k, &clusters_at, &n_clusters);
      print_summary (row == 0 ? "ship" : row == 1 ? "cv" : "nest", truth, &pairs_at, &clusters_at);
      print_read_pairs (accepted, judge, truth);
    }

  if (weights_out != NULL)
    {
      PrPairModel model;
      g_autofree char *text = NULL;
      g_autoptr(GString) c_text = g_string_new (NULL);

      /* With a grid, the fitting chosen on every fold, as in each outer one. */
      if (n_grid > 1)
        {
          guint g = pr_pair_choose_fitting (features, labels, counted, folds, n, n_folds, -1, grid, n_grid, threshold,
                                            EVAL_NESTED_PRECISION, error);

          if (g == G_MAXUINT)
            return FALSE;
          fitting = grid[g];
          printf (_("Chosen on every fold for the weights written: the repeats weighing %g, C %g, the read pairs "
                    "counted %g times.\n"), fitting.repeat_weight, fitting.cost, fitting.read_weight);
        }
      if (!pr_pair_learn_with (features, labels, counted, n, &fitting, &model, error))
        return FALSE;
      pr_pair_model_settle (&model, pr_pair_model_kind_of (mapping));
      text = pr_pair_model_to_string (&model);
      g_string_append_printf (c_text, "%s\n", text);
      if (!pr_cli_write_text_output (weights_out, c_text->str, c_text->len, error))
        return FALSE;
      /* Said, for a set fits only mappings of its kind. */
      if (pr_pair_model_kind_of (mapping) == PR_PAIR_MODEL_KIND_SUBJECT)
        printf (_("The weights learned from every labelled candidate are in %s, for mappings with a subject "
                  "(two text columns or more)\n"), weights_out);
      else
        printf (_("The weights learned from every labelled candidate are in %s, for mappings with the body "
                  "alone (one text column)\n"), weights_out);
    }
  return TRUE;
}

/* The ids of the rows left out as bad: those the rows had, and without
 * an id column the numbers of the rows not read. */
static GHashTable *
left_out_ids (const PrRecordSet *set,
              gboolean           numbered,
              GHashTable        *index_of)
{
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < set->bad_ids->len; i++)
    g_hash_table_add (ids, g_strdup (set->bad_ids->pdata[i]));
  for (guint64 row = 1; numbered && row <= set->n_records + set->n_bad_rows; row++)
    {
      char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, row);

      if (g_hash_table_contains (index_of, number))
        g_free (number);
      else
        g_hash_table_add (ids, number);
    }
  return ids;
}

/* That a truth named rows left out as bad, which it then passed over:
 * its measure is of the records read. */
static void
note_left_out (RecordsFile *file,
               const char  *truth)
{
  if (file->n_left_out > 0)
    fprintf (stderr, ngettext ("%s: %llu line names a row left out as bad, and is passed over\n",
                               "%s: %llu lines name rows left out as bad, and are passed over\n",
                               (gulong) file->n_left_out),
             truth, (unsigned long long) file->n_left_out);
  file->n_left_out = 0;
}

int
pr_cli_eval (int    argc,
             char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *records_path = NULL;
  g_autofree char *pairs_path = NULL;
  g_autofree char *pairs_columns = NULL;
  g_autofree char *truth_groups = NULL;
  g_autofree char *truth_groups_path = NULL;
  g_autofree char *pairs_out_path = NULL;
  g_autofree char *features_out = NULL;
  g_autofree char *curve_path = NULL;
  g_autofree char *held_back_column = NULL;
  g_autofree char *people_path = NULL;
  gboolean skip_bad_rows = FALSE;
  g_autofree char *bad_rows_path = NULL;
  g_auto(PrCliBadRows) bad_rows = { 0 };
  g_autoptr(GHashTable) left_out = NULL;
  g_auto(GStrv) columns = NULL;
  gboolean exact = FALSE, summary = FALSE, second_stage = FALSE, no_second_stage = FALSE;
  double held_back_jaccard = 0.3, probability = PR_PAIR_DEFAULT_PROBABILITY;
  int folds = 5;
  gint64 fold_seed = 0;
  g_autofree char *weights_out = NULL;
  g_autofree char *repeat_weights = NULL;
  g_autofree char *costs = NULL;
  g_autofree char *read_weights = NULL;
  g_autoptr(GArray) read_values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) weight_values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cost_values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) grid = g_array_new (FALSE, FALSE, sizeof (PrPairFitting));
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(GHashTable) index_of = NULL;
  g_autoptr(GArray) labelled = NULL;
  g_autoptr(PrMatches) matches = NULL;
  g_autoptr(GHashTable) predicted = NULL;
  g_autoptr(GHashTable) label_of = NULL;
  g_autoptr(GPtrArray) bases = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) grams = NULL;
  Truth truth = { bases, 0, 0, { 0 } };
  Judge judge = { 0 };
  RecordsFile records_file;
  Counts pairs[EVAL_MAX_K + 1], whole[EVAL_MAX_K + 1], clusters[EVAL_MAX_K + 1];
  const char *truth_name;
  guint n_truths;
  GOptionEntry entries[] = {
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records_path,
      N_("CSV file of the records"), N_("FILE") },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &pairs_path,
      N_("CSV file of labelled pairs: key_a,key_b,label[,…,basis]"), N_("FILE") },
    { "pairs-columns", 0, 0, G_OPTION_ARG_STRING, &pairs_columns,
      N_("The columns of --pairs that hold the two ids and the label (default key_a,key_b,label); "
         "with two names, every pair listed is dup"), N_("A,B[,LABEL]") },
    { "truth-groups", 0, 0, G_OPTION_ARG_STRING, &truth_groups,
      N_("Instead of --pairs: records with the same value in COL of the records are dup pairs, "
         "all other pairs diff"), N_("COL") },
    { "truth-groups-file", 0, 0, G_OPTION_ARG_FILENAME, &truth_groups_path,
      N_("Instead of --pairs: a CSV file of one group of duplicates a row, its ids in the first field "
         "separated by “;”; all other pairs are diff"), N_("FILE") },
    { "held-back-column", 0, 0, G_OPTION_ARG_STRING, &held_back_column,
      N_("An unlisted pair whose COL values share --held-back-jaccard of their character 3-grams is one the "
         "labels held back: its label is unknown, it is left out of precision (column held)"), N_("COL") },
    { "held-back-jaccard", 0, 0, G_OPTION_ARG_DOUBLE, &held_back_jaccard,
      N_("The 3-gram Jaccard from which every pair was labelled (default 0.3)"), N_("J") },
    { "exact", 0, 0, G_OPTION_ARG_NONE, &exact,
      N_("Measure the exact-copy baseline instead: records whose mapped values are the same bytes "
         "(no normalisation, no k)"), NULL },
    { "summary", 0, 0, G_OPTION_ARG_NONE, &summary,
      N_("Print one row at --k: the pairs, the clusters and the recalls"), NULL },
    { "pairs-out", 0, 0, G_OPTION_ARG_FILENAME, &pairs_out_path,
      N_("Write the pairs predicted at --k (tp, fp, same, held) and the missed dup pairs (fn) to FILE (CSV)"), N_("FILE") },
    { "people", 0, 0, G_OPTION_ARG_FILENAME, &people_path,
      N_("A CSV file saying who sent each record (id,person): print the precision and recall of the same "
         "petitioner, as the identity columns tell it, over every two records; alone, or with a truth of repeats"),
      N_("FILE") },
    { "curve", 0, 0, G_OPTION_ARG_FILENAME, &curve_path,
      N_("Write the precision–recall curve for k = 0…8 to FILE (SVG)"), N_("FILE") },
    { "second-stage", 0, 0, G_OPTION_ARG_NONE, &second_stage,
      N_("With --summary: also judge the pairs found at --k with the second stage, with the shipped weights "
         "and with weights learned here by cross-validation (the default with --summary)"), NULL },
    { "no-second-stage", 0, 0, G_OPTION_ARG_NONE, &no_second_stage,
      N_("With --summary: measure the fingerprints and passages alone, at their own thresholds, without "
         "judging the pairs"), NULL },
    { "probability", 0, 0, G_OPTION_ARG_DOUBLE, &probability,
      N_("With --second-stage: the probability from which a pair is a repeat (default 0.5)"), N_("P") },
    { "folds", 0, 0, G_OPTION_ARG_INT, &folds,
      N_("With --second-stage: the folds of the cross-validation (default 5)"), N_("N") },
    { "weights-out", 0, 0, G_OPTION_ARG_FILENAME, &weights_out,
      N_("With --second-stage: write the weights learned from every label to FILE"), N_("FILE") },
    { "fold-seed", 0, 0, G_OPTION_ARG_INT64, &fold_seed,
      N_("With --second-stage: deal the connected records to the folds by another seed (default 0), to see how "
         "much a cross-validated figure owes to one deal"), N_("N") },
    { "repeat-weights", 0, 0, G_OPTION_ARG_STRING, &repeat_weights,
      N_("With --second-stage: the weights of the repeats in the fit, against 1 for the other pairs (default 1); "
         "with more than one here or in --costs, a nested cross-validation chooses among them"), N_("W,…") },
    { "costs", 0, 0, G_OPTION_ARG_STRING, &costs,
      N_("With --second-stage: liblinear's C, the inverse of the penalty (default 10), or several to choose from"),
      N_("C,…") },
    { "read-weights", 0, 0, G_OPTION_ARG_STRING, &read_weights,
      N_("With --second-stage: how many times each pair a person read (the read dup pairs and the diff pairs) "
         "counts in the fit, a whole number (default 1); with more than one, a nested cross-validation chooses"),
      N_("N,…") },
    { "features-out", 0, 0, G_OPTION_ARG_FILENAME, &features_out,
      N_("With --second-stage: write every candidate pair's label, fold, features and cross-validated "
         "probability to FILE (CSV)"), N_("FILE") },
    PR_CLI_BAD_ROWS_ENTRIES (skip_bad_rows, bad_rows_path),
    PR_CLI_IDF_ENTRIES (options),
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— precision and recall of repeat detection at k = 0…8"),
                             entries, &options, 0, &error) ||
      !pr_cli_check_range ("held-back-jaccard", held_back_jaccard, 0, 1, &error) ||
      !pr_cli_check_range ("probability", probability, 0, 1, &error) ||
      !pr_cli_check_range ("folds", folds, 2, 20, &error) ||
      !pr_cli_check_range ("fold-seed", fold_seed, 0, G_MAXUINT32, &error) ||
      !parse_numbers ("repeat-weights", repeat_weights, 0.01, 100, PR_PAIR_FITTING_SHIPPED.repeat_weight, FALSE,
                      weight_values, &error) ||
      !parse_numbers ("costs", costs, 0.0001, 10000, PR_PAIR_FITTING_SHIPPED.cost, FALSE, cost_values, &error) ||
      !parse_numbers ("read-weights", read_weights, 1, 20, PR_PAIR_FITTING_SHIPPED.read_weight, TRUE, read_values,
                      &error) ||
      !pr_cli_check_second_stage (second_stage, no_second_stage, &error))
    goto failed;
  if (second_stage && (exact || !summary))
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--second-stage goes with --summary and without --exact"));
      goto failed;
    }
  /* The default with --summary; the tables at every k and --exact
   * measure the fingerprints and passages alone. */
  second_stage = summary && !exact && !no_second_stage;
  /* The second stage's candidates are its own, generous passages, unless
   * the flags name others. */
  if (second_stage)
    pr_cli_second_stage_candidates (&options);
  for (guint w = 0; w < weight_values->len; w++)
    for (guint c = 0; c < cost_values->len; c++)
      for (guint r = 0; r < read_values->len; r++)
        {
          PrPairFitting fitting = { g_array_index (weight_values, double, w), g_array_index (cost_values, double, c),
                                    g_array_index (read_values, double, r) };

          g_array_append_val (grid, fitting);
        }
  if (weights_out != NULL && !second_stage)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--weights-out goes with --second-stage"));
      goto failed;
    }
  if (features_out != NULL && !second_stage)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--features-out goes with --second-stage"));
      goto failed;
    }
  n_truths = (pairs_path != NULL) + (truth_groups != NULL) + (truth_groups_path != NULL);
  if (records_path == NULL || n_truths > 1 || (n_truths == 0 && people_path == NULL))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("give --records FILE and one of --pairs FILE, --truth-groups COL or --truth-groups-file FILE "
                     "(or --people FILE)"));
      goto failed;
    }
  columns = g_strsplit (pairs_columns != NULL ? pairs_columns : "key_a,key_b,label", ",", -1);
  if (g_strv_length (columns) < 2 || g_strv_length (columns) > 3 || (pairs_columns != NULL && pairs_path == NULL))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--pairs-columns goes with --pairs and names two or three columns: A,B[,LABEL]"));
      goto failed;
    }
  if (exact && curve_path != NULL)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--exact has no k to draw a curve over: leave out --curve"));
      goto failed;
    }
  /* Exact copies need no parts: do not cut them. */
  if (exact)
    options.no_parts = TRUE;
  /* Its outputs are written at the end: one that cannot be is told
   * before the records are read. */
  {
    const PrCliFile inputs[] = { { "--records", records_path }, { "--pairs", pairs_path },
                                 { "--truth-groups-file", truth_groups_path }, { "--people", people_path } };
    /* The report is printed on standard output: none of these goes there. */
    const PrCliFile outputs[] = { { "--pairs-out", pairs_out_path, TRUE, TRUE }, { "--curve", curve_path, FALSE, TRUE, TRUE },
                                  { "--weights-out", weights_out, FALSE, TRUE },
                                  { "--features-out", features_out, TRUE, TRUE },
                                  { "--bad-rows", bad_rows_path, TRUE, TRUE } };

    if (!pr_cli_check_outputs (inputs, G_N_ELEMENTS (inputs), outputs, G_N_ELEMENTS (outputs), &error))
      goto failed;
  }
  /* No --out: the list goes to --bad-rows, or to standard error. */
  if (!pr_cli_bad_rows_open (&bad_rows, skip_bad_rows, bad_rows_path, NULL, &error))
    goto failed;
  options.bad_rows = &bad_rows;

  set = pr_cli_load_records_full (records_path, &options, FALSE, second_stage, &mapping, &error);
  if (set == NULL || !pr_cli_bad_rows_close (&bad_rows, &error))
    goto failed;
  index_of = g_hash_table_new (g_str_hash, g_str_equal);
  for (gsize i = 0; i < set->n_records; i++)
    g_hash_table_insert (index_of, set->ids->pdata[i], GSIZE_TO_POINTER (i + 1));
  if (set->n_bad_rows > 0)
    left_out = left_out_ids (set, options.id == NULL, index_of);
  records_file = (RecordsFile) { records_path, options.encoding, options.id, index_of, left_out, 0 };
  if (people_path != NULL)
    {
      if (!pr_cli_eval_people (set, &records_file, people_path, &error))
        goto failed;
      note_left_out (&records_file, people_path);
      if (n_truths == 0)
        return 0;
      printf ("\n");
    }

  if (pairs_path != NULL)
    labelled = _pr_cli_eval_load_pairs (pairs_path, columns, &records_file, bases, &error);
  else if (truth_groups != NULL)
    labelled = _pr_cli_eval_load_truth_column (&records_file, truth_groups, &error);
  else
    labelled = _pr_cli_eval_load_truth_groups_file (truth_groups_path, &records_file, &error);
  truth_name = pairs_path != NULL ? pairs_path : truth_groups != NULL ? truth_groups : truth_groups_path;
  if (labelled == NULL)
    goto failed;
  note_left_out (&records_file, truth_name);
  if (bases->len > MAX_BASES)
    g_ptr_array_set_size (bases, MAX_BASES);
  /* The read pairs are weighed only when the labels say which they are. */
  if (second_stage && read_weights != NULL && read_basis (&truth) < 0)
    for (guint r = 0; r < read_values->len; r++)
      if (g_array_index (read_values, double, r) != 1)
        {
          g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                       _("--read-weights has no effect with the labels of %s, which name no pair a person read "
                         "(the basis “read”), so the command would answer as if it were not given: leave it out, "
                         "or give labels that say which pairs were read"), truth_name);
          goto failed;
        }

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
      truth.n_dup += pair->label == LABEL_DUP;
      truth.n_same += pair->label == LABEL_SAME_MATTER;
      if (pair->label == LABEL_DUP && pair->basis >= 0 && (guint) pair->basis < bases->len)
        truth.dup_by_basis[pair->basis]++;
    }
  if (truth.n_dup == 0)
    {
      g_set_error (&error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                   _("%s has no pair labelled dup: nothing to measure"), truth_name);
      goto failed;
    }

  predicted = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  if (exact)
    {
      add_exact_pairs (set, predicted);
    }
  else
    {
      /* One index run at the largest k (the tables' or --k, for --summary
       * and --pairs-out); a smaller k takes the pairs up to it. */
      matches = pr_matches_find (set->fingerprints, set->sparse, set->n_records, MAX (EVAL_MAX_K, options.k),
                                 options.threads, NULL, &error);
      if (matches == NULL)
        goto failed;
      pr_matches_foreach_pair (matches, add_whole_pair, predicted);
    }
  if (!options.no_parts)
    {
      PrPartMatchOptions part_options = pr_cli_part_options (&options);
      PartSink sink = { predicted, set->fingerprints };

      if (!pr_record_set_find_part_pairs (set, NULL, &part_options, options.threads, add_part_pair, &sink, NULL,
                                          NULL, &error))
        goto failed;
    }
  if (second_stage)
    {
      PrShortPairOptions short_options;
      PartSink sink = { predicted, set->fingerprints };

      /* The second stage's candidates include the scan's short texts. */
      pr_short_pair_options_default (&short_options);
      if (!pr_short_pairs_find_in_set (mapping, set, &short_options, options.threads, add_short_pair, NULL, &sink,
                                       NULL, &error))
        goto failed;
    }

  {
    g_autofree char *records_text = pr_cli_records_text (set->n_records, set->n_sparse);

    /* Translators: %s is "7 records (2 too short to match)"; dup and same_matter are the labels'
     * own words. tests/test-eval.c reads this line. */
    printf (_("%s; %llu dup pairs, %llu same_matter pairs labelled\n"), records_text,
            (unsigned long long) truth.n_dup, (unsigned long long) truth.n_same);
  }
  if (set->part_spool != NULL)
    {
      guint64 n_parts = pr_part_spool_get_n_parts (set->part_spool);

      printf (_("%u parts (%.1f a record).\n"), (guint) n_parts, (double) n_parts / MAX (set->n_records, 1));
    }
  if (exact)
    printf (_("Exact copies: records whose mapped values (all but the id) are the same bytes.\n\n"));
  else if (options.no_parts)
    printf (_("Whole-record fingerprints only.\n\n"));
  else
    printf (_("Whole-record fingerprints within k, or shared passages: containment ≥ %.2f, "
              "≥ %d words shared (%d when the smaller record has fewer than %d), passages in more than %d "
              "records left out.\n\n"),
            options.containment, options.min_shared,
            options.min_shared_short > 0 ? MIN (options.min_shared, options.min_shared_short) : options.min_shared,
            PR_PART_SHORT_RECORD_WORDS, options.part_max_records);
  if (!exact && options.idf)
    printf (_("The fingerprints' words weighed by ln (records / records with the word), %llu distinct words.\n"),
            (unsigned long long) set->n_idf_terms);
  if (!exact && options.idf_max_share > 0)
    printf (_("The fingerprints leave out the words found in more than %.3f of the records.\n"),
            options.idf_max_share);
  if (!exact && (options.idf || options.idf_max_share > 0))
    printf ("\n");

  judge.label_of = label_of;
  judge.n_bases = bases->len;
  judge.held_back_jaccard = held_back_jaccard;
  if (held_back_column != NULL)
    {
      grams = _pr_cli_eval_held_back_grams (&records_file, held_back_column, set->n_records, &error);
      if (grams == NULL)
        goto failed;
      judge.grams = grams;
    }

  if (exact || summary)
    {
      guint64 n_clusters;
      Counts pairs_at_k, clusters_at_k;
      g_autofree char *label = exact ? g_strdup ("exact") : g_strdup_printf ("%d", options.k);

      count_pairs (predicted, &judge, options.k, FALSE, &pairs_at_k);
      count_clusters (predicted, &judge, set->n_records, options.k, &clusters_at_k, &n_clusters);
      printf ("%s\n", _("Pairs | clusters (every two records of a cluster count as a predicted pair) | "
                        "recall of same_matter, and of dup by basis:"));
      print_summary (label, &truth, &pairs_at_k, &clusters_at_k);
      {
        g_autoptr(GHashTable) at_k = g_hash_table_new (g_int64_hash, g_int64_equal);
        GHashTableIter iter;
        gpointer key, value;

        g_hash_table_iter_init (&iter, predicted);
        while (g_hash_table_iter_next (&iter, &key, &value))
          if (exact || predicted_at (GPOINTER_TO_UINT (value), options.k))
            g_hash_table_add (at_k, key);
        print_read_pairs (at_k, &judge, &truth);
      }
      if (second_stage &&
          !evaluate_second_stage (&options, mapping, set, predicted, &judge, &truth, probability, (guint) folds,
                                  (guint32) fold_seed, (const PrPairFitting *) (gpointer) grid->data, grid->len, weights_out, features_out,
                                  &error))
        goto failed;
    }
  /* The tables, and the curve's points (--exact has neither). */
  if (!exact && (!summary || curve_path != NULL))
    for (guint k = 0; k <= EVAL_MAX_K; k++)
      {
        guint64 n_clusters;

        count_pairs (predicted, &judge, k, FALSE, &pairs[k]);
        count_pairs (predicted, &judge, k, TRUE, &whole[k]);
        count_clusters (predicted, &judge, set->n_records, k, &clusters[k], &n_clusters);
      }
  if (!exact && !summary)
    {
      print_table (_("Pairs:"), &truth, pairs);
      printf ("\n");
      print_table (_("Clusters (every two records of a cluster count as a predicted pair):"), &truth, clusters);
    }

  if (pairs_out_path != NULL && !write_pairs (pairs_out_path, set, predicted, labelled, &judge, options.k, &error))
    goto failed;
  if (curve_path != NULL)
    {
      if (!write_curve (curve_path, !options.no_parts, truth.n_dup, whole, pairs, clusters, &error))
        goto failed;
      printf ("\n");
      printf (_("The precision–recall curve is in %s\n"), curve_path);
    }

  printf ("\n%s\n", _("dup: predicted pairs labelled dup; other: labelled diff or not labelled (false positives);\n"
                      "same: labelled same_matter (left out of precision); the last columns are the recall of dup pairs by basis."));

  return 0;

failed:
  return pr_cli_fail ("eval", error);
}
