/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Turns a table's values into UTF-8 text, column by column. A column with
 * an encoding in the mapping is selected as BINARY, its stored bytes, and
 * converted here (iconv, through g_convert()): the server's own CONVERT()
 * puts "?" for a byte it cannot convert, with a warning nobody reads,
 * where this names the row. Every other fingerprinted column goes
 * through the mis-encoding check (pr-encoding-check.c): UTF-8 or GBK bytes
 * in a latin1 column, GBK text in a BLOB are refused, naming the column
 * and the encoding to give, rather than fingerprinted as gibberish.
 */
#define G_LOG_DOMAIN "pr-column-decoder"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row.h"
#include "pr-column-decoder-private.h"
#include "pr-db-error.h"
#include "pr-encoding-check.h"

struct _PrColumnDecoder
{
  guint             n_columns;
  char            **names;
  char             *table;
  char            **encodings;   /* per column: convert from it; NULL: as read */
  gboolean         *given_utf8;  /* per column: the encoding given is UTF-8 */
  gboolean         *forced;      /* per column: read in its encoding even where its bytes also read as UTF-8 */
  gboolean         *cp936;       /* per column: iconv reads the encoding as code page 936 */
  char            **owned;       /* per column: this row's converted value */
  PrEncodingCheck **checks;      /* per column: the check; NULL: not checked */
  PrEncodingValue  *known;       /* per column: what the check found of this row's value */
  gboolean         *unicode;     /* per column: its character set is Unicode (utf8mb4…) */
  const char      **east_asian;  /* per column: iconv's name of its East Asian character set, or NULL */
  int               hex_column;  /* the binary id column, whose bytes are written in hex; or -1 */
  PrAdvice          advice;
  gboolean          lenient;     /* a value not in its given encoding is this row's, not the read's, fault */
  int               unreadable_column;  /* this row's such value, or -1 */
  char             *unreadable_reason;
  guint64           n_rows;
  guint64          *n_unreadable;      /* per column: rows whose value was not in its given encoding */
};

/**
 * _pr_column_decoder_new:
 * @mapping: the columns
 * @table: their table, for messages
 * @binary_id: whether the id column is binary: its bytes are written in
 *   hex, as the server's HEX() writes them
 *
 * Returns: (transfer full): a decoder for rows of @mapping's values
 */
PrColumnDecoder *
_pr_column_decoder_new (const PrMapping *mapping,
                        const char      *table,
                        gboolean         binary_id)
{
  PrColumnDecoder *self = g_new0 (PrColumnDecoder, 1);

  self->n_columns = pr_mapping_get_n_columns (mapping);
  self->table = g_strdup (table);
  self->names = g_new0 (char *, self->n_columns + 1);
  self->encodings = g_new0 (char *, self->n_columns + 1);
  self->owned = g_new0 (char *, self->n_columns + 1);
  self->checks = g_new0 (PrEncodingCheck *, self->n_columns + 1);
  self->given_utf8 = g_new0 (gboolean, self->n_columns + 1);
  self->forced = g_new0 (gboolean, self->n_columns + 1);
  self->cp936 = g_new0 (gboolean, self->n_columns + 1);
  self->unicode = g_new0 (gboolean, self->n_columns + 1);
  self->east_asian = g_new0 (const char *, self->n_columns + 1);
  self->unreadable_column = -1;
  self->hex_column = -1;
  self->known = g_new0 (PrEncodingValue, self->n_columns + 1);
  self->n_unreadable = g_new0 (guint64, self->n_columns + 1);
  for (guint c = 0; c < self->n_columns; c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);

      self->names[c] = g_strdup (column->name);
      self->forced[c] = column->encoding_forced;
      if (column->role == PR_COLUMN_ROLE_ID && binary_id)
        {
          self->hex_column = (int) c;
          continue;
        }
      if (column->encoding != NULL)
        {
          g_autofree char *folded = g_ascii_strdown (column->encoding, -1);

          self->encodings[c] = g_strdup (column->encoding);
          self->given_utf8[c] = g_str_equal (folded, "utf-8") || g_str_equal (folded, "utf8");
          /* Decided by iconv, which converts here, under any of its names. */
          self->cp936[c] = pr_encoding_iconv_reads_cp936 (column->encoding);
        }
      /* A given encoding's text is checked too: text decoded wrong once
       * before it was stored (UTF-8 read as Latin-1 and saved as UTF-8)
       * is gibberish in any reading. The id too: "编号1447" in a latin1
       * column read "ç¼–å·1447", an id no one can find the record by. */
      if (column->role == PR_COLUMN_ROLE_SHORT || column->role == PR_COLUMN_ROLE_TEXT ||
          column->role == PR_COLUMN_ROLE_ID)
        self->checks[c] = pr_encoding_check_new ();
    }
  return self;
}

/**
 * _pr_column_decoder_hex:
 * @bytes: a binary value
 * @length: its length
 *
 * Returns: (transfer full): @bytes in hex, two upper-case digits a byte,
 *   as the server's HEX() writes them
 */
char *
_pr_column_decoder_hex (const char *bytes,
                        gsize       length)
{
  static const char digits[] = "0123456789ABCDEF";
  char *hex = g_malloc (2 * length + 1);

  for (gsize i = 0; i < length; i++)
    {
      hex[2 * i] = digits[(guint8) bytes[i] >> 4];
      hex[2 * i + 1] = digits[(guint8) bytes[i] & 0xF];
    }
  hex[2 * length] = '\0';
  return hex;
}

/* How a refusal says to give the encoding: PR_ADVICE_FLAGS (the default),
 * --column-encoding; PR_ADVICE_CONTROLS, the column's encoding choice. */
void
_pr_column_decoder_set_advice (PrColumnDecoder *self,
                               PrAdvice         advice)
{
  self->advice = advice;
}

/* @unicode: per mapping column, whether the table stores it in a Unicode
 * character set: text there that reads as UTF-8 decoded as Latin-1 was
 * stored so, and no --column-encoding reads it right. */
void
_pr_column_decoder_set_unicode (PrColumnDecoder *self,
                                const gboolean  *unicode)
{
  memcpy (self->unicode, unicode, self->n_columns * sizeof (gboolean));
}

/* @encodings: per mapping column, iconv's name of the table's East Asian
 * character set for it (pr_column_info_east_asian_encoding ()), static
 * strings: the server reads UTF-8 Western text stored there as other
 * characters (Jos茅), which the column's check cannot tell from text. */
void
_pr_column_decoder_set_east_asian (PrColumnDecoder    *self,
                                   const char *const *encodings)
{
  memcpy (self->east_asian, encodings, self->n_columns * sizeof (const char *));
}

void
_pr_column_decoder_free (PrColumnDecoder *self)
{
  if (self == NULL)
    return;
  /* encodings and owned have holes (NULL for a column without one), so
   * g_strfreev () would stop at the first. */
  for (guint c = 0; c < self->n_columns; c++)
    {
      g_clear_pointer (&self->checks[c], pr_encoding_check_free);
      g_free (self->encodings[c]);
      g_free (self->owned[c]);
    }
  g_strfreev (self->names);
  g_free (self->encodings);
  g_free (self->owned);
  g_free (self->checks);
  g_free (self->given_utf8);
  g_free (self->forced);
  g_free (self->cp936);
  g_free (self->unreadable_reason);
  g_free (self->n_unreadable);
  g_free (self->unicode);
  g_free (self->east_asian);
  g_free (self->known);
  g_free (self->table);
  g_free (self);
}

/* As below, for the application: the column's encoding is chosen next
 * to its role. */
static void
set_mis_encoded_controls_error (PrColumnDecoder  *self,
                                guint             c,
                                const char       *name,
                                guint64           row,
                                guint64           count,
                                GError          **error)
{
  if (count == 0)
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                 _("row %llu, column “%s” of table “%s”: the bytes are not UTF-8 but look like %s text; "
                   "choose %s as the column's encoding"),
                 (unsigned long long) row, self->names[c], self->table, name, name);
  else if (name == NULL)
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                 _("column “%s” of table “%s” holds control characters (U+0080 to U+009F, first in row %llu): "
                   "its text is stored in another encoding than the column's character set says; choose the "
                   "column's encoding (GBK or Big5?)"),
                 self->names[c], self->table, (unsigned long long) row);
  else
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                 ngettext ("column “%s” of table “%s” holds %s text the server does not read as such "
                           "(%llu value, first in row %llu), so it would be compared as gibberish; choose "
                           "%s as the column's encoding",
                           "column “%s” of table “%s” holds %s text the server does not read as such "
                           "(%llu values, first in row %llu), so it would be compared as gibberish; choose "
                           "%s as the column's encoding", count),
                 self->names[c], self->table, name, (unsigned long long) count, (unsigned long long) row, name);
}

/* @count: how many values of the column look so; 0: this one, whose bytes
 * are no UTF-8 (only a guess with a name comes so far). @raw: most of
 * them are such bytes (pr_encoding_check_is_raw ()), not text. */
static void
set_mis_encoded_error (PrColumnDecoder  *self,
                       guint             c,
                       PrEncodingGuess   guess,
                       guint64           row,
                       guint64           count,
                       PrEncodingRaw     raw,
                       GError          **error)
{
  const char *name = pr_encoding_guess_to_string (guess);
  const char *charset = NULL;
  /* The reading that made the text, and MariaDB's character set for it. */
  const char *reading = self->checks[c] != NULL ? pr_encoding_check_get_reading (self->checks[c], guess, &charset)
                                                : "Latin-1";

  if (self->checks[c] == NULL)
    charset = "latin1";
  if (self->encodings[c] == NULL && name != NULL && raw == PR_ENCODING_RAW_MIXED)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                   ngettext ("column “%s” of table “%s” is in two encodings: %llu value is %s (first in row %llu), "
                             "too many to leave out as bad rows, and the others UTF-8; convert those values to "
                             "one encoding in the table, on a copy first",
                             "column “%s” of table “%s” is in two encodings: %llu values are %s (first in row "
                             "%llu), too many to leave out as bad rows, and the others UTF-8; convert those values "
                             "to one encoding in the table, on a copy first", count),
                   self->names[c], self->table, (unsigned long long) count, name, (unsigned long long) row);
      return;
    }

  if (self->encodings[c] != NULL)
    {
      /* Read in the encoding given, the text still looks decoded wrong:
       * it was stored so, and no encoding reads it right. */
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                   ngettext ("column “%s” of table “%s”, read as %s, still looks decoded in the wrong encoding "
                             "(%llu value, first in row %llu): if its bytes are in another encoding, give that "
                             "one; if the text was decoded wrong before it was stored (UTF-8 read as Latin-1 and "
                             "saved again), repair the column in the table",
                             "column “%s” of table “%s”, read as %s, still looks decoded in the wrong encoding "
                             "(%llu values, first in row %llu): if its bytes are in another encoding, give that "
                             "one; if the text was decoded wrong before it was stored (UTF-8 read as Latin-1 and "
                             "saved again), repair the column in the table", count),
                   self->names[c], self->table, self->encodings[c], (unsigned long long) count,
                   (unsigned long long) row);
      return;
    }
  if (self->unicode[c] && name != NULL && count > 0 && !raw && charset == NULL)
    {
      /* A reading MariaDB has no character set for: no CONVERT () undoes it. */
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                   ngettext ("column “%s” of table “%s” holds %s text that was read as %s and stored again "
                             "(%llu value, first in row %llu), so no encoding given for it reads it right: "
                             "repair the column in the table from the source, on a copy first",
                             "column “%s” of table “%s” holds %s text that was read as %s and stored again "
                             "(%llu values, first in row %llu), so no encoding given for it reads it right: "
                             "repair the column in the table from the source, on a copy first", count),
                   self->names[c], self->table, name, reading, (unsigned long long) count, (unsigned long long) row);
      return;
    }
  if (self->unicode[c] && name != NULL && count > 0 && !raw)
    {
      /* The column is Unicode (or bytes) and the server hands over what
       * it holds: the text itself is the other encoding's bytes read as
       * Latin-1 and saved again, so only repairing the column helps. */
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                   /* Translators: the column, the table, the text's encoding, the one that read it
                    * (Latin-1, CP1250), …, the column twice, the reading's and the text's character sets */
                   ngettext ("column “%s” of table “%s” holds %s text that was read as %s and stored again "
                             "(%llu value, first in row %llu), so no encoding given for it reads it "
                             "right: repair the column in the table, e.g. UPDATE … SET %s = CONVERT(BINARY "
                             "CONVERT(%s USING %s) USING %s), on a copy first",
                             "column “%s” of table “%s” holds %s text that was read as %s and stored again "
                             "(%llu values, first in row %llu), so no encoding given for it reads it "
                             "right: repair the column in the table, e.g. UPDATE … SET %s = CONVERT(BINARY "
                             "CONVERT(%s USING %s) USING %s), on a copy first", count),
                   self->names[c], self->table, name, reading, (unsigned long long) count, (unsigned long long) row,
                   self->names[c], self->names[c], charset,
                   guess == PR_ENCODING_GUESS_UTF8 ? "utf8mb4" : guess == PR_ENCODING_GUESS_BIG5 ? "big5" : "gbk");
      return;
    }
  if (guess == PR_ENCODING_GUESS_RARE_HAN)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                   ngettext ("column “%s” of table “%s” holds text that is mostly rare Chinese characters or "
                             "letters of other scripts (%llu value, first in row %llu), as text stored in another "
                             "encoding than the column's character set reads (GBK in a Big5, EUC-KR or CP1251 "
                             "column, Big5 in a GBK one, UTF-8 in a KOI8-R one): give the encoding its bytes are "
                             "really in (--column-encoding %s=GBK, BIG5 or UTF-8)",
                             "column “%s” of table “%s” holds text that is mostly rare Chinese characters or "
                             "letters of other scripts (%llu values, first in row %llu), as text stored in another "
                             "encoding than the column's character set reads (GBK in a Big5, EUC-KR or CP1251 "
                             "column, Big5 in a GBK one, UTF-8 in a KOI8-R one): give the encoding its bytes are "
                             "really in (--column-encoding %s=GBK, BIG5 or UTF-8)", count),
                   self->names[c], self->table, (unsigned long long) count, (unsigned long long) row,
                   self->names[c]);
      return;
    }
  if (self->advice == PR_ADVICE_CONTROLS)
    {
      set_mis_encoded_controls_error (self, c, name, row, count, error);
      return;
    }
  if (count == 0)
    /* One value's bytes, which cannot be read on. */
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                 _("row %llu, column “%s” of table “%s”: the bytes are not UTF-8 but look like %s text; give "
                   "the column's encoding: --column-encoding %s=%s"),
                 (unsigned long long) row, self->names[c], self->table, name, self->names[c], name);
  else if (name == NULL)
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                 _("column “%s” of table “%s” holds control characters (U+0080 to U+009F, first in row %llu): "
                   "its text is stored in another encoding than the column's character set says; give the "
                   "column's encoding (--column-encoding %s=ENCODING, e.g. GBK or BIG5)"),
                 self->names[c], self->table, (unsigned long long) row, self->names[c]);
  else
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                 ngettext ("column “%s” of table “%s” holds %s text the server does not read as such "
                           "(%llu value, first in row %llu), so it would be compared as gibberish; give "
                           "the column's encoding: --column-encoding %s=%s",
                           "column “%s” of table “%s” holds %s text the server does not read as such "
                           "(%llu values, first in row %llu), so it would be compared as gibberish; give "
                           "the column's encoding: --column-encoding %s=%s", count),
                 self->names[c], self->table, name, (unsigned long long) count, (unsigned long long) row,
                 self->names[c], name);
}

/**
 * _pr_column_decoder_row:
 * @decoder: a decoder
 * @values: (inout): one row's values, in mapping order; converted ones
 *   come back pointing into @decoder, valid until the next row
 * @lengths: (inout): their lengths
 * @row: the row's number, for messages
 * @error: return location for a #GError
 *
 * Returns: %FALSE with @error (%PR_DB_ERROR_ENCODING) for bytes invalid in
 *   the column's given encoding, or bytes that are no UTF-8 and look like
 *   another encoding's text
 */
gboolean
_pr_column_decoder_row (PrColumnDecoder  *self,
                        const char      **values,
                        gsize            *lengths,
                        guint64           row,
                        GError          **error)
{
  self->unreadable_column = -1;
  g_clear_pointer (&self->unreadable_reason, g_free);
  self->n_rows++;
  for (guint c = 0; c < self->n_columns; c++)
    {
      self->known[c] = PR_ENCODING_VALUE_UNKNOWN;
      if (values[c] == NULL)
        continue;
      if ((int) c == self->hex_column)
        {
          g_free (self->owned[c]);
          self->owned[c] = _pr_column_decoder_hex (values[c], lengths[c]);
          values[c] = self->owned[c];
          lengths[c] = 2 * lengths[c];
          continue;
        }
      if (self->encodings[c] != NULL)
        {
          g_autoptr(GError) local_error = NULL;
          gsize read = 0, written = 0;
          gssize euro;
          char *text;

          /* UTF-8 text in a column of another encoding (a second program
           * writing to it) converts without an error, into other text. */
          if (!self->given_utf8[c] && !self->forced[c] && pr_encoding_bytes_look_utf8 (values[c], lengths[c]))
            {
              glong n_chars = g_utf8_strlen (values[c], lengths[c]);
              g_autofree char *start = g_utf8_substring (values[c], 0, MIN (n_chars, 12));
              g_autofree char *shown = n_chars > 12 ? g_strconcat (start, "…", NULL) : g_strdup (start);

              if (self->advice == PR_ADVICE_CONTROLS)
                g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                             _("row %llu, column “%s”: the value is UTF-8 text (“%s”), not %s as the column's "
                               "encoding says: if the column is UTF-8 throughout, choose no encoding for it; if it "
                               "holds both, convert such rows to %s in the table; if the value is %s text whose "
                               "bytes happen to read as UTF-8, switch on “Keep the encodings chosen” below the "
                               "columns"),
                             (unsigned long long) row, self->names[c], shown, self->encodings[c],
                             self->encodings[c], self->encodings[c]);
              else
                g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                             _("row %llu, column “%s”: the value is UTF-8 text (“%s”), not %s as the column's "
                               "encoding says: if the column is UTF-8 throughout, leave out --column-encoding "
                               "%s=%s; if it holds both, convert such rows to %s in the table; if the value is %s "
                               "text whose bytes happen to read as UTF-8, add --force-encoding"),
                             (unsigned long long) row, self->names[c], shown, self->encodings[c],
                             self->names[c], self->encodings[c], self->encodings[c], self->encodings[c]);
              return FALSE;
            }
          text = g_convert (values[c], lengths[c], "UTF-8", self->encodings[c], &read, &written, &local_error);
          if (text != NULL && self->cp936[c] && (euro = pr_encoding_find_lone_euro_byte (values[c], lengths[c])) >= 0)
            {
              /* iconv's GBK is code page 936, which reads it as €. */
              g_clear_pointer (&text, g_free);
              read = (gsize) euro;
              local_error = g_error_new_literal (G_CONVERT_ERROR, G_CONVERT_ERROR_ILLEGAL_SEQUENCE,
                                                 _("the byte 80, which only Microsoft's code page 936 has, as the "
                                                   "euro sign, and no Chinese text holds so"));
            }
          if (text == NULL && self->lenient)
            {
              /* One value with a byte its encoding lacks (a character cut
               * in two, a stray byte): a bad row, which the load may skip. */
              self->n_unreadable[c]++;
              if (self->unreadable_column < 0)
                {
                  self->unreadable_column = (int) c;
                  self->unreadable_reason =
                    g_strdup_printf (_("its bytes are not %s text, the column's given encoding (at byte %llu: %s)"),
                                     self->encodings[c], (unsigned long long) read + 1, local_error->message);
                }
              values[c] = NULL;
              lengths[c] = 0;
              continue;
            }
          if (text == NULL)
            {
              g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                           self->advice == PR_ADVICE_CONTROLS
                           ? _("row %llu, column “%s”: its bytes are not %s text (at byte %llu: %s); check the "
                               "column's encoding")
                           : _("row %llu, column “%s”: its bytes are not %s text (at byte %llu: %s); check the "
                               "column's encoding (--column-encoding)"),
                           (unsigned long long) row, self->names[c], self->encodings[c],
                           (unsigned long long) read + 1, local_error->message);
              return FALSE;
            }
          g_free (self->owned[c]);
          self->owned[c] = text;
          values[c] = text;
          lengths[c] = written;
          if (self->checks[c] != NULL)
            pr_encoding_check_add (self->checks[c], text, written, row);
        }
      else if (self->checks[c] != NULL)
        {
          g_autofree char *utf8 = self->east_asian[c] == NULL || self->forced[c] ? NULL
                                  : pr_encoding_text_looks_utf8_misread (values[c], lengths[c],
                                                                         self->east_asian[c]);
          PrEncodingGuess guess;

          if (utf8 != NULL)
            {
              g_autofree char *read = g_utf8_make_valid (values[c], MIN (lengths[c], 120));

              if (self->advice == PR_ADVICE_CONTROLS)
                g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                             _("row %llu, column “%s”: the value reads “%s” in the column's character set (%s), "
                               "but its bytes are UTF-8 text (“%s”): if the column holds UTF-8 throughout, "
                               "choose UTF-8 as its encoding; else convert such rows in the table; if “%s” is "
                               "right, switch on “Keep the encodings chosen” below the columns"),
                             (unsigned long long) row, self->names[c], read, self->east_asian[c], utf8, read);
              else
                g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                             _("row %llu, column “%s”: the value reads “%s” in the column's character set (%s), "
                               "but its bytes are UTF-8 text (“%s”): if the column holds UTF-8 throughout, give "
                               "--column-encoding %s=UTF-8; else convert such rows in the table; if “%s” is "
                               "right, add --force-encoding"),
                             (unsigned long long) row, self->names[c], read, self->east_asian[c], utf8,
                             self->names[c], read);
              return FALSE;
            }
          guess = pr_encoding_check_add_value (self->checks[c], values[c], lengths[c], row,
                                                               &self->known[c]);

          /* Bytes that are no UTF-8 (a BLOB) cannot be read on: say what
           * they look like now, not "invalid UTF-8". Where rows are
           * loaded, the value makes a bad row: a few such among text read
           * right are rows another program wrote, and most of them the
           * column's encoding, which the verdict names at the end. */
          if (guess != PR_ENCODING_GUESS_NONE && self->known[c] == PR_ENCODING_VALUE_UNKNOWN &&
              !g_utf8_validate_len (values[c], lengths[c], NULL))
            {
              const char *name = pr_encoding_guess_to_string (guess);

              if (!self->lenient)
                {
                  set_mis_encoded_error (self, c, guess, row, 0, PR_ENCODING_RAW, error);
                  return FALSE;
                }
              if (self->unreadable_column < 0)
                {
                  g_autofree char *advice =
                    self->advice == PR_ADVICE_CONTROLS
                    ? g_strdup_printf (_("if the column holds such text throughout, choose %s as its encoding, "
                                         "else convert such values"), name)
                    : g_strdup_printf (_("if the column holds such text throughout, give its encoding "
                                         "(--column-encoding %s=%s), else convert such values"),
                                       self->names[c], name);

                  self->unreadable_column = (int) c;
                  self->unreadable_reason = pr_bad_row_other_encoding (values[c], lengths[c], guess, advice);
                }
            }
        }
    }
  return TRUE;
}

/* Whether a value whose bytes are not in its column's given encoding is
 * left for _pr_column_decoder_get_unreadable () rather than an error of
 * the read: set where the rows are loaded, so that a bad row can be
 * skipped; unset for one record, which is its own error. */
void
_pr_column_decoder_set_lenient (PrColumnDecoder *self,
                                gboolean         lenient)
{
  self->lenient = lenient;
}

/* The last row's value that was not in its given encoding (its column in
 * @column), and why; NULL when there was none. */
const char *
_pr_column_decoder_get_unreadable (PrColumnDecoder *self,
                                   int             *column)
{
  *column = self->unreadable_column;
  return self->unreadable_reason;
}

/* Per column, what its encoding check found of the last row's value
 * (valid UTF-8, and whether it reads as mojibake), so that the bad-row
 * check need not read it again. PR_ENCODING_VALUE_UNKNOWN for a converted
 * or unchecked value. */
const PrEncodingValue *
_pr_column_decoder_get_known (PrColumnDecoder *self)
{
  return self->known;
}

/**
 * _pr_column_decoder_finish:
 * @decoder: a decoder, after the last row
 * @error: return location for a #GError
 *
 * Returns: %FALSE with @error (%PR_DB_ERROR_ENCODING) naming the first
 *   checked column whose text looks read in the wrong encoding
 */
gboolean
_pr_column_decoder_finish (PrColumnDecoder  *self,
                           GError          **error)
{
  for (guint c = 0; c < self->n_columns; c++)
    {
      guint64 first = 0, count = 0;
      PrEncodingGuess guess;

      /* A few such values are a few bad rows; most of them, a column in
       * another encoding, which skipping would all but empty. */
      if (self->n_unreadable[c] * 2 > self->n_rows)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING,
                       self->advice == PR_ADVICE_CONTROLS
                       ? _("column “%s” of table “%s”: %llu of its %llu values are not %s text, so its bytes are "
                           "in another encoding: choose the right one for the column")
                       : _("column “%s” of table “%s”: %llu of its %llu values are not %s text, so its bytes are "
                           "in another encoding: give the right one (--column-encoding)"),
                       self->names[c], self->table, (unsigned long long) self->n_unreadable[c],
                       (unsigned long long) self->n_rows, self->encodings[c]);
          return FALSE;
        }
      if (self->checks[c] == NULL)
        continue;
      guess = pr_encoding_check_verdict (self->checks[c], &first, &count);
      if (guess != PR_ENCODING_GUESS_NONE)
        {
          set_mis_encoded_error (self, c, guess, first, count,
                                 pr_encoding_check_is_raw (self->checks[c], guess), error);
          return FALSE;
        }
    }
  return TRUE;
}
