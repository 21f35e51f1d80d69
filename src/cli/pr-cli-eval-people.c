/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval --people FILE: how well the identity evidence (pr-identity-table.c)
 * tells the same person, against a file that says who sent each record
 * (id,person, as data/sample-petitions-people.csv). Every two records are
 * compared, so that a pair the evidence joins wrongly is found wherever it
 * is: the oracle is the whole set of pairs, not a sample.
 */
#define G_LOG_DOMAIN "pr-cli-eval-people"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-cli-eval-private.h"
#include "pr-csv-reader.h"

/* Every pair is compared: beyond this many records that takes too long. */
#define MAX_RECORDS 100000

/* Per record, its person's number in the file (0: not listed). */
static guint32 *
read_people (const PrRecordSet  *set,
             RecordsFile        *file,
             const char         *path,
             GError            **error)
{
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, error);
  g_autoptr(GHashTable) number_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree guint32 *person = NULL;
  g_autofree guint64 *line_of = NULL;  /* per record, the line that lists it */
  g_autoptr(GError) local_error = NULL;
  int id_field, person_field;

  if (reader == NULL || !pr_csv_reader_next_header (reader, path, NULL, error))
    return NULL;
  id_field = pr_csv_reader_find_field (reader, "id");
  person_field = pr_csv_reader_find_field (reader, "person");
  if (id_field < 0 || person_field < 0)
    {
      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                   _("%s needs the columns “id” and “person” (who sent each record)"), path);
      return NULL;
    }
  person = g_new0 (guint32, MAX (set->n_records, 1));
  line_of = g_new0 (guint64, MAX (set->n_records, 1));
  while (pr_csv_reader_next (reader, NULL, &local_error))
    {
      const char *id = pr_csv_reader_get_field (reader, id_field, NULL);
      const char *name = pr_csv_reader_get_field (reader, person_field, NULL);
      gsize index;
      guint32 number;

      if (!_pr_cli_eval_find_record (file, id, path, pr_csv_reader_get_line (reader), &index, error))
        return NULL;
      /* A row left out as bad (--skip-bad-rows) is no record. */
      file->n_left_out += index == 0;
      if (index == 0 || name[0] == '\0')
        continue;
      number = GPOINTER_TO_UINT (g_hash_table_lookup (number_of, name));
      if (number == 0)
        {
          number = g_hash_table_size (number_of) + 1;
          g_hash_table_insert (number_of, g_strdup (name), GUINT_TO_POINTER (number));
        }
      /* Listed twice with two people: which one sent it is unsaid. */
      if (person[index - 1] != 0 && person[index - 1] != number)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                       _("%s, line %llu: the record “%s” is listed as sent by “%s” here and by another person on "
                         "line %llu: keep one line for the record"),
                       path, (unsigned long long) pr_csv_reader_get_line (reader), id, name,
                       (unsigned long long) line_of[index - 1]);
          return NULL;
        }
      person[index - 1] = number;
      line_of[index - 1] = pr_csv_reader_get_line (reader);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&person);
}

/**
 * pr_cli_eval_people:
 * @set: the records, loaded with the identity flags
 * @file: the records, by their ids
 * @path: the CSV file of id,person
 * @error: return location for a #GError
 *
 * Prints the precision and recall of "the same petitioner" over every pair
 * of records both listed, and the evidence of the pairs found.
 *
 * Returns: %FALSE if @path cannot be read or the set is too large
 */
gboolean
pr_cli_eval_people (const PrRecordSet  *set,
                    RecordsFile        *file,
                    const char         *path,
                    GError            **error)
{
  g_autofree guint32 *person = NULL;
  guint64 truth = 0, found = 0, right = 0, other = 0, other_wrong = 0;
  guint64 by_evidence[PR_IDENTITY_N_EVIDENCE] = { 0 };
  guint64 wrong_by_evidence[PR_IDENTITY_N_EVIDENCE] = { 0 };

  if (set->n_records > MAX_RECORDS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--people compares every two records, so it takes at most %d records, not %llu: "
                     "measure on a sample of the table"), MAX_RECORDS, (unsigned long long) set->n_records);
      return FALSE;
    }
  if (set->identities == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--people measures the identity evidence: give the identity columns (--name, --id-card, "
                     "--phone, --address, --petitioner)"));
      return FALSE;
    }
  person = read_people (set, file, path, error);
  if (person == NULL)
    return FALSE;

  for (guint32 a = 0; a < set->n_records; a++)
    {
      if (person[a] == 0)
        continue;
      for (guint32 b = a + 1; b < set->n_records; b++)
        {
          PrIdentityEvidence evidence;
          PrPetitionerKind kind;
          gboolean same;

          if (person[b] == 0)
            continue;
          same = person[a] == person[b];
          truth += same;
          kind = pr_identity_table_compare (set->identities, a, b, &evidence);
          if (kind == PR_PETITIONER_OTHER)
            {
              other++;
              other_wrong += same;
              if (same)
                g_debug ("called others: %s and %s", (const char *) set->ids->pdata[a],
                         (const char *) set->ids->pdata[b]);
            }
          if (kind != PR_PETITIONER_SAME)
            {
              if (same)
                g_debug ("missed: %s and %s", (const char *) set->ids->pdata[a], (const char *) set->ids->pdata[b]);
              continue;
            }
          if (!same)
            g_debug ("wrong: %s and %s, by %s", (const char *) set->ids->pdata[a], (const char *) set->ids->pdata[b],
                     pr_identity_evidence_to_string (evidence));
          found++;
          right += same;
          by_evidence[evidence]++;
          wrong_by_evidence[evidence] += !same;
        }
    }

  /* Translators: pairs of records; tests/test-cli.c reads this line. */
  printf (_("Same person: precision %.4f (%llu of %llu pairs found), recall %.4f (%llu of %llu pairs)\n"),
          found > 0 ? (double) right / found : 1.0, (unsigned long long) right, (unsigned long long) found,
          truth > 0 ? (double) right / truth : 1.0, (unsigned long long) right, (unsigned long long) truth);
  for (guint e = PR_IDENTITY_EVIDENCE_ID_CARD; e < G_N_ELEMENTS (by_evidence); e++)
    if (by_evidence[e] > 0)
      /* Translators: the evidence's own word (id_card, phone…), pairs found by it, of them wrong */
      printf (_("  by %s: %llu pairs, %llu of them wrong\n"), pr_identity_evidence_to_string (e),
              (unsigned long long) by_evidence[e], (unsigned long long) wrong_by_evidence[e]);
  /* Translators: pairs of records the evidence calls two people (同事异人), and of them one person's */
  printf (_("Another person: %llu pairs, %llu of them one person's\n"), (unsigned long long) other,
          (unsigned long long) other_wrong);
  return TRUE;
}
