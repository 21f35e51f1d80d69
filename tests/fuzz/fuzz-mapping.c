/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the column mapping as the command line builds it
 * (pr_cli_build_mapping (): --id, --date, --short NAME[:WEIGHT],
 * --text NAME[:WEIGHT], --petitioner), and the description of it that
 * versions the stored fingerprints.
 *
 * Input: lines, each an operation (its first byte: i id, d date, s short,
 * t text, g ignore, p petitioner of a mapped column, P --petitioner) and
 * its argument (the rest); an empty line starts a second mapping. Arguments that are not
 * UTF-8 are skipped, as GOption and the database hand over UTF-8 only.
 * Besides not crashing, the mapping must keep its rules (no name twice,
 * none empty, one id and one date at most, weights from 0 to 10^6, the
 * petitioner a short column), a refused operation must leave it as it
 * was, and two mappings may share a description only if they fingerprint
 * alike, or a rescan would keep fingerprints made under the other one.
 */

#include <math.h>
#include <string.h>

#include <glib.h>

#include "fuzz-common.h"
#include "pr-fingerprinter.h"
#include "pr-mapping.h"

/* The mapping's columns as text, to tell whether an operation changed it. */
static char *
dump (const PrMapping *mapping,
      gboolean         fingerprinted_only)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < pr_mapping_get_n_columns (mapping); i++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, i);

      if (fingerprinted_only && column->role != PR_COLUMN_ROLE_SHORT && column->role != PR_COLUMN_ROLE_TEXT)
        continue;
      /* The length first: no name can pass for two. */
      g_string_append_printf (text, "%zu:%s %d %a", strlen (column->name), column->name, column->role,
                              column->weight);
      if (!fingerprinted_only)
        g_string_append_printf (text, " %d", column->identity);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static void
check_rules (const PrMapping *mapping)
{
  guint n = pr_mapping_get_n_columns (mapping);
  guint ids = 0, dates = 0;

  for (guint i = 0; i < n; i++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, i);

      g_assert_cmpstr (column->name, !=, "");
      g_assert_true (isfinite (column->weight));
      g_assert_cmpfloat (column->weight, >=, 0);
      g_assert_cmpfloat (column->weight, <=, 1e6);
      if (column->role != PR_COLUMN_ROLE_SHORT && column->role != PR_COLUMN_ROLE_TEXT)
        g_assert_cmpfloat (column->weight, ==, 0);
      if (column->identity != PR_IDENTITY_NONE)
        g_assert_cmpint (column->role, ==, PR_COLUMN_ROLE_SHORT);
      ids += column->role == PR_COLUMN_ROLE_ID;
      dates += column->role == PR_COLUMN_ROLE_DATE;
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (pr_mapping_get_column (mapping, j)->name, !=, column->name);
    }
  g_assert_cmpuint (ids, <=, 1);
  g_assert_cmpuint (dates, <=, 1);
  g_assert_cmpuint (pr_mapping_count_role (mapping, PR_COLUMN_ROLE_ID), ==, ids);
  g_assert_cmpint (pr_mapping_find (mapping, PR_COLUMN_ROLE_ID) >= 0, ==, ids > 0);
}

/* One operation, as pr_cli_build_mapping () does it for one flag. */
static gboolean
apply (PrMapping  *mapping,
       guint8      op,
       const char *arg,
       GError    **error)
{
  /* Letters for readable seeds (i d s t g p P), any other byte by number. */
  static const char letters[] = "idstgpP";
  const char *letter = op != '\0' ? strchr (letters, op) : NULL;

  switch (letter != NULL ? letter - letters : op % 7)
    {
    case 0:
      return pr_mapping_add (mapping, arg, PR_COLUMN_ROLE_ID, 0, error);
    case 1:
      return pr_mapping_add (mapping, arg, PR_COLUMN_ROLE_DATE, 0, error);
    case 2:
      return pr_mapping_add_spec (mapping, PR_COLUMN_ROLE_SHORT, arg, error);
    case 3:
      return pr_mapping_add_spec (mapping, PR_COLUMN_ROLE_TEXT, arg, error);
    case 4:
      return pr_mapping_add_spec (mapping, PR_COLUMN_ROLE_IGNORE, arg, error);
    case 5:
      return pr_mapping_set_petitioner (mapping, arg, error);
    default:
      {
        /* --petitioner: mapped as a short column first if it is not yet. */
        gboolean mapped = FALSE;

        for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
          mapped |= strcmp (pr_mapping_get_column (mapping, c)->name, arg) == 0;
        if (!mapped && !pr_mapping_add (mapping, arg, PR_COLUMN_ROLE_SHORT, PR_SHORT_DEFAULT_WEIGHT, error))
          return FALSE;
        return pr_mapping_set_petitioner (mapping, arg, error);
      }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  PrMapping *mappings[2];
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint m = 0;

  /* A few dozen flags at most: a table has no more columns worth mapping,
   * and longer inputs only slow the search down (every operation is
   * checked against every column). */
  if (size > 1024)
    return -1;
  mappings[0] = pr_mapping_new ();
  mappings[1] = pr_mapping_new ();
  text = g_strndup ((const char *) data, size);  /* up to a NUL */
  lines = g_strsplit (text, "\n", -1);

  for (guint l = 0; lines[l] != NULL; l++)
    {
      const char *line = lines[l];
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autoptr(GError) error = NULL;
      guint n_before, petitioners_before;
      gboolean ok;

      if (line[0] == '\0')
        {
          m = 1;
          continue;
        }
      if (!g_utf8_validate (line + 1, -1, NULL))
        continue;

      /* The whole mapping as text while it is small; its counts, which
       * every change moves, after (whole dumps would make the run
       * quadratic in the input, and slow). */
      n_before = pr_mapping_get_n_columns (mappings[m]);
      petitioners_before = pr_mapping_count_petitioner (mappings[m]);
      if (n_before <= 16)
        before = dump (mappings[m], FALSE);
      ok = apply (mappings[m], (guint8) line[0], line + 1, &error);
      g_assert_true (ok == (error == NULL));
      if (!ok)
        {
          g_assert_true (error->domain == PR_MAPPING_ERROR);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          g_assert_cmpuint (pr_mapping_get_n_columns (mappings[m]), ==, n_before);
          g_assert_cmpuint (pr_mapping_count_petitioner (mappings[m]), ==, petitioners_before);
          if (before != NULL)
            {
              after = dump (mappings[m], FALSE);
              g_assert_cmpstr (before, ==, after);
            }
        }
    }
  /* Once, at the end: the rules hold after every operation if they hold
   * after the last, as no operation takes a column away. */
  check_rules (mappings[0]);
  check_rules (mappings[1]);

  /* A copy is the same mapping. */
  {
    g_autoptr(PrMapping) copy = pr_mapping_copy (mappings[0]);
    g_autofree char *original = dump (mappings[0], FALSE);
    g_autofree char *copied = dump (copy, FALSE);

    g_assert_cmpstr (original, ==, copied);
  }

  /* One description, one way to fingerprint. */
  {
    g_autofree char *description_a = pr_fingerprint_describe (mappings[0], 0, PR_DEFAULT_MIN_TOKENS, NULL);
    g_autofree char *description_b = pr_fingerprint_describe (mappings[1], 0, PR_DEFAULT_MIN_TOKENS, NULL);
    g_autofree char *columns_a = dump (mappings[0], TRUE);
    g_autofree char *columns_b = dump (mappings[1], TRUE);

    g_assert_true (g_utf8_validate (description_a, -1, NULL));
    if (strcmp (description_a, description_b) == 0)
      g_assert_cmpstr (columns_a, ==, columns_b);
    else
      g_assert_cmpstr (columns_a, !=, columns_b);
  }

  pr_mapping_free (mappings[0]);
  pr_mapping_free (mappings[1]);
  return 0;
}
