/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the reader of the write-back log's old_values
 * (src/db/pr-old-values.c), which an undo with write-back trusts to set
 * a source row back.
 *
 * Input: the column's text, up to its first NUL (the server hands it over
 * as a C string). Besides not crashing, the reader must keep its word:
 * refused, with PR_DB_ERROR_QUERY and nothing read; or read, "old" and
 * "new" naming the same one or two columns in the same order, every name
 * and value UTF-8, and written again then read again to the same values,
 * as strict JSON (no control character as it is).
 */

#include <string.h>

#include <glib.h>

#include "fuzz-common.h"
#include "pr-db-error.h"
#include "pr-old-values-private.h"

static void
check_read (const PrColumnValues *before,
            const PrColumnValues *after)
{
  if (before->n == 0 || before->n > MAX_WRITE_COLUMNS || before->n != after->n)
    g_error ("read %u and %u columns", before->n, after->n);
  for (guint i = 0; i < before->n; i++)
    {
      if (strcmp (before->names[i], after->names[i]) != 0)
        g_error ("the columns differ: “%s” and “%s”", before->names[i], after->names[i]);
      if (!g_utf8_validate (before->names[i], -1, NULL) ||
          (before->values[i] != NULL && !g_utf8_validate (before->values[i], -1, NULL)) ||
          (after->values[i] != NULL && !g_utf8_validate (after->values[i], -1, NULL)))
        g_error ("a name or value read is not UTF-8");
    }
}

static void
check_same (const PrColumnValues *a,
            const PrColumnValues *b)
{
  if (a->n != b->n)
    g_error ("read again: %u columns, not %u", b->n, a->n);
  for (guint i = 0; i < a->n; i++)
    if (strcmp (a->names[i], b->names[i]) != 0 || g_strcmp0 (a->values[i], b->values[i]) != 0)
      g_error ("read again: the column “%s” differs", a->names[i]);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_auto(PrColumnValues) before = { 0 };
  g_auto(PrColumnValues) after = { 0 };
  g_auto(PrColumnValues) again_before = { 0 };
  g_auto(PrColumnValues) again_after = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;

  if (!_pr_old_values_from_json (text, 1, &before, &after, &error))
    {
      if (!g_error_matches (error, PR_DB_ERROR, PR_DB_ERROR_QUERY) || before.n != 0 || after.n != 0)
        g_error ("refused without its error, or with columns read");
      return 0;
    }
  if (error != NULL)
    g_error ("read, and an error set");
  check_read (&before, &after);

  written = _pr_old_values_to_json (&before, &after);
  for (const char *p = written; *p != '\0'; p++)
    if ((guchar) *p < 0x20)
      g_error ("written with the control character U+%04X as it is", (guchar) *p);
  if (!_pr_old_values_from_json (written, 1, &again_before, &again_after, &error))
    g_error ("its own text refused: %s", error->message);
  check_same (&before, &again_before);
  check_same (&after, &again_after);
  return 0;
}
