/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A bad row: one whose mapped values are not text the program can read (a
 * NUL byte, bytes that are not UTF-8, an image of megabytes). The check
 * names the real reason, so that a clerk knows what to correct, and comes
 * before anything reads the values, for both the file and the table reader.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row.h"
#include "pr-encoding-check.h"

/* Whether @value, valid UTF-8, is UTF-8 text read as GBK and written
 * again (鎴戞槸 for 我是): its ideographs mostly rare, and written back in
 * GBK, its bytes beyond ASCII are nearly all UTF-8 characters, several of
 * them (a byte GBK could not read is a "?" that breaks one now and then).
 * Only values of mostly rare ideographs are converted, which text read
 * right is not. */
static gboolean
is_utf8_read_as_gbk (const char *value,
                     gsize       length)
{
  g_autofree char *bytes = NULL;
  gsize n_bytes = 0, in_chars = 0, stray = 0;
  guint chars = 0;

  if (!pr_encoding_text_looks_misread (value, length))
    return FALSE;
  /* GBK, not GB18030: the byte 0x80 that a UTF-8 character holds is GBK's
   * euro sign, which GB18030 writes otherwise. */
  bytes = g_convert_with_fallback (value, length, "GBK", "UTF-8", "?", NULL, &n_bytes, NULL);
  if (bytes == NULL)
    return FALSE;
  for (gsize i = 0; i < n_bytes;)
    {
      gunichar c;

      if ((guchar) bytes[i] < 0x80)
        {
          i++;
          continue;
        }
      c = g_utf8_get_char_validated (bytes + i, n_bytes - i);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          stray++;
          i++;
          continue;
        }
      chars++;
      in_chars += g_utf8_skip[(guchar) bytes[i]];
      i += g_utf8_skip[(guchar) bytes[i]];
    }
  return chars >= 4 && in_chars >= 9 * stray;
}

static char *
check_value (const char      *value,
             gsize            length,
             PrEncodingValue  known)
{
  const char *nul, *bad;
  PrEncodingGuess guess;

  if (length > PR_BAD_ROW_MAX_VALUE_BYTES)
    {
      g_autofree char *size = g_format_size_full (length, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *limit = g_format_size_full (PR_BAD_ROW_MAX_VALUE_BYTES, G_FORMAT_SIZE_IEC_UNITS);

      return g_strdup_printf (_("the value is %s long, more than the %s a value may hold (an image or a file "
                                "rather than text?)"), size, limit);
    }
  /* Every value of every row passes here: one the encoding check has read
   * already (@known) is not read again. Known valid UTF-8 holds no NUL. */
  if (known == PR_ENCODING_VALUE_READ_RIGHT)
    return NULL;
  if (known == PR_ENCODING_VALUE_UNKNOWN && (nul = memchr (value, '\0', length)) != NULL)
    return g_strdup_printf (_("the value holds a NUL byte (character 0) at byte %zu, which no text holds"),
                            (size_t) (nul - value));
  if (known != PR_ENCODING_VALUE_UNKNOWN || g_utf8_validate_len (value, length, &bad))
    return is_utf8_read_as_gbk (value, length)
             ? g_strdup (_("the value is UTF-8 text read as GBK and saved again (characters such as 鎴戞槸 for "
                           "我是), which no search finds"))
             : NULL;
  guess = pr_encoding_guess_bytes (value, length);
  /* Name the encoding when the bytes are another one's text: a file
   * or column with a few rows written by another program. */
  if (guess == PR_ENCODING_GUESS_GB18030 || guess == PR_ENCODING_GUESS_BIG5)
    return g_strdup_printf (_("the value is not UTF-8 text but looks like %s text (byte %zu is 0x%02X): give "
                              "the source's encoding if all of it is so, else convert such values"),
                            pr_encoding_guess_to_string (guess), (size_t) (bad - value),
                            (guint) (guint8) *bad);
  return g_strdup_printf (_("the value is not UTF-8 text: byte %zu is 0x%02X (binary data, "
                              "or text in another encoding)"), (size_t) (bad - value), (guint) (guint8) *bad);
}

/**
 * pr_bad_row_check:
 * @mapping: the columns
 * @values: one per mapping column; %NULL is SQL NULL
 * @lengths: their lengths in bytes
 * @reason: (out) (transfer full): what is wrong, when a column is
 *
 * Checks every value the mapping reads (not the ignored columns), the id
 * column first: too long, a NUL byte, not UTF-8.
 *
 * Returns: the column at fault, or -1 if every value is text
 */
int
pr_bad_row_check (const PrMapping   *mapping,
                  const char *const *values,
                  const gsize       *lengths,
                  char             **reason)
{
  return pr_bad_row_check_known (mapping, values, lengths, NULL, reason);
}

/**
 * pr_bad_row_check_known:
 * @mapping: the columns
 * @values: one per mapping column; %NULL is SQL NULL
 * @lengths: their lengths in bytes
 * @known: (nullable): per mapping column, what the encoding check found of
 *   its value while it was read (pr_encoding_check_add_value ()); %NULL:
 *   nothing
 * @reason: (out) (transfer full): what is wrong, when a column is
 *
 * pr_bad_row_check(), reading again only what the encoding check did not
 * find out: a value known valid UTF-8 is not validated again, nor is one
 * known read right judged again for mojibake.
 *
 * Returns: the column at fault, or -1 if every value is text
 */
int
pr_bad_row_check_known (const PrMapping   *mapping,
                        const char *const *values,
                        const gsize       *lengths,
                        const PrEncodingValue *known,
                        char             **reason)
{
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);

  *reason = NULL;
  if (id_column >= 0 && values[id_column] != NULL &&
      (*reason = check_value (values[id_column], lengths[id_column],
                                 known != NULL ? known[id_column] : PR_ENCODING_VALUE_UNKNOWN)) != NULL)
    return id_column;
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      if (role == PR_COLUMN_ROLE_IGNORE || (int) c == id_column || values[c] == NULL)
        continue;
      if ((*reason = check_value (values[c], lengths[c], known != NULL ? known[c] : PR_ENCODING_VALUE_UNKNOWN)) != NULL)
        return (int) c;
    }
  return -1;
}

/**
 * pr_bad_row_describe:
 * @id: (nullable): the row's id, %NULL when it is the id that is at fault
 * @position_name: “row” or “line”, untranslated (N_())
 * @position: its number
 * @column: the column at fault
 * @reason: what is wrong (pr_bad_row_check ())
 *
 * Returns: (transfer full): “row 12 (id “A7”), column “body”: reason”
 */
char *
pr_bad_row_describe (const char *id,
                     const char *position_name,
                     guint64     position,
                     const char *column,
                     const char *reason)
{
  if (id != NULL)
    /* Translators: “row” or “line”, its number, the id, the column, what is wrong. */
    return g_strdup_printf (_("%s %llu (id “%s”), column “%s”: %s"), _(position_name), (unsigned long long) position,
                            id, column, reason);
  return g_strdup_printf (_("%s %llu, column “%s”: %s"), _(position_name), (unsigned long long) position, column,
                          reason);
}
