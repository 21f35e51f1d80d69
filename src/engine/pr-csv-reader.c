/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pr-csv-reader.c: streaming RFC 4180 CSV reader
 *
 * The reader pulls the input stream in fixed-size chunks and copies each
 * record's fields into one growing buffer, so memory is bounded by the
 * largest record rather than by the file.  Input in an encoding other than
 * UTF-8 is converted with ICU before parsing, so the parser itself only ever
 * sees UTF-8.
 *
 * Dialect notes:
 *  - records end at LF, CRLF or a lone CR; inside quoted fields those line
 *    breaks are kept verbatim;
 *  - empty lines (no byte at all before the line break) are skipped wherever
 *    they appear, so a blank trailing line never turns into a record.  A
 *    record with a single empty field must be written as "";
 *  - all byte offsets in error messages are 0-based, line and field numbers
 *    are 1-based.
 */

#define G_LOG_DOMAIN "pr-csv-reader"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-csv-reader.h"
#include "pr-dos-end-stream.h"
#include "pr-csv-reader-private.h"
#include "pr-encoding-check.h"
#include "pr-excel-number.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <glib/gstdio.h>

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ucnv_cb.h>

G_DEFINE_QUARK (pr-csv-error-quark, pr_csv_error)

/* Bytes that end an unquoted run. */
static const guint8 special_unquoted[256] = {
  ['\n'] = 1, ['\r'] = 1, [','] = 1, ['"'] = 1,
};

static gboolean
is_utf8_name (const char *encoding)
{
  return encoding == NULL || g_ascii_strcasecmp (encoding, "UTF-8") == 0;
}

static PrCsvReader *
reader_new (GInputStream  *stream,
            const char    *path,
            const char    *encoding,
            GError       **error)
{
  g_autoptr(PrCsvReader) reader = g_new0 (PrCsvReader, 1);

  reader->stream = g_object_ref (stream);
  reader->path = g_strdup (path);
  reader->line = 1;
  reader->state = STATE_RECORD_START;

  if (!is_utf8_name (encoding))
    {
      UErrorCode status = U_ZERO_ERROR;
      const char *canonical;

      /* ucnv_open ("") silently opens the platform default converter,
       * which is never what a caller naming an encoding meant. */
      if (encoding[0] == '\0')
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                       _("Empty encoding name"));
          return NULL;
        }

      reader->source_cnv = ucnv_open (encoding, &status);
      if (U_FAILURE (status) || reader->source_cnv == NULL)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                       _("unknown encoding “%s”: ICU has no converter by that name "
                         "(Chinese exports are usually GB18030, GBK, Big5 or UTF-16LE)"), encoding);
          return NULL;
        }

      /* Aliases such as "utf8" land here; take the fast path for them too. */
      canonical = ucnv_getName (reader->source_cnv, &status);
      if (U_SUCCESS (status) && g_strcmp0 (canonical, "UTF-8") == 0)
        {
          ucnv_close (reader->source_cnv);
          reader->source_cnv = NULL;
        }
      else
        {
          reader->encoding = g_strdup (encoding);
          reader->lone_euro = pr_encoding_icu_reads_cp936 (encoding);
          status = U_ZERO_ERROR;

          /* Substituting U+FFFD would silently corrupt petition text; stop
           * instead so the caller can report the offending byte. */
          ucnv_setToUCallBack (reader->source_cnv, UCNV_TO_U_CALLBACK_STOP,
                               NULL, NULL, NULL, &status);
          if (U_SUCCESS (status))
            reader->utf8_cnv = ucnv_open ("UTF-8", &status);
          if (U_SUCCESS (status))
            ucnv_setFromUCallBack (reader->utf8_cnv, UCNV_FROM_U_CALLBACK_STOP,
                                   NULL, NULL, NULL, &status);
          if (U_FAILURE (status))
            {
              g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                           _("Could not set up conversion from “%s”: %s"),
                           encoding, u_errorName (status));
              return NULL;
            }

          reader->raw = g_malloc (READ_CHUNK_SIZE);
          reader->pivot = g_new (UChar, PIVOT_SIZE);
          reader->pivot_source = reader->pivot;
          reader->pivot_target = reader->pivot;
          reader->reset_pending = TRUE;
        }
    }
  if (reader->source_cnv == NULL || ucnv_getMinCharSize (reader->source_cnv) == 1)
    {
      g_object_unref (reader->stream);
      reader->stream = pr_dos_end_stream_new (stream);
    }

  reader->buf = g_malloc (READ_CHUNK_SIZE);
  reader->rec_cap = 256;
  reader->rec = g_malloc (reader->rec_cap);
  reader->fields_cap = 16;
  reader->fields = g_new (Field, reader->fields_cap);

  return g_steal_pointer (&reader);
}

/**
 * pr_csv_reader_new:
 * @stream: the input stream to read CSV data from
 * @encoding: (nullable): the encoding of @stream, e.g. "GB18030", or %NULL
 *   for UTF-8
 * @error: return location for a #GError
 *
 * Creates a reader that pulls @stream in chunks.  The reader takes a
 * reference on @stream and does not close it explicitly; dropping the last
 * reference does that for most stream types.
 *
 * A UTF-8 byte order mark at the start of the (converted) input is skipped.
 *
 * Returns: (transfer full): a new reader, free with pr_csv_reader_free(), or
 *   %NULL with %PR_CSV_ERROR_ENCODING if @encoding is unknown
 */
PrCsvReader *
pr_csv_reader_new (GInputStream  *stream,
                   const char    *encoding,
                   GError       **error)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return reader_new (stream, NULL, encoding, error);
}

/**
 * pr_csv_reader_new_for_path:
 * @path: a file name in the GLib file name encoding
 * @encoding: (nullable): the encoding of the file, or %NULL for UTF-8
 * @error: return location for a #GError
 *
 * Opens @path and creates a reader for it, like pr_csv_reader_new().
 *
 * Returns: (transfer full): a new reader, free with pr_csv_reader_free(), or
 *   %NULL with %PR_CSV_ERROR_IO if the file cannot be opened, or
 *   %PR_CSV_ERROR_ENCODING if @encoding is unknown
 */
PrCsvReader *
pr_csv_reader_new_for_path (const char    *path,
                            const char    *encoding,
                            GError       **error)
{
  g_autoptr(GInputStream) stream = NULL;
  GStatBuf st;
  int fd, saved_errno;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Opened here rather than by g_file_read (), whose message ("Error
   * opening file …") is not worded as ours are: the file, then the reason. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      saved_errno = errno;
      goto failed;
    }
  /* A directory opens, and fails only at the first read. */
  if (fstat (fd, &st) == 0 && S_ISDIR (st.st_mode))
    {
      close (fd);
      saved_errno = EISDIR;
      goto failed;
    }
  stream = g_unix_input_stream_new (fd, TRUE);

  return reader_new (stream, path, encoding, error);

failed:
  g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_IO, _("cannot read %s: %s"), path, g_strerror (saved_errno));
  return NULL;
}

/**
 * pr_csv_reader_free:
 * @reader: (transfer full) (nullable): a reader
 *
 * Frees @reader and drops its reference on the input stream.  Field
 * pointers returned by pr_csv_reader_get_field() become invalid.
 */
void
pr_csv_reader_free (PrCsvReader *reader)
{
  if (reader == NULL)
    return;

  g_clear_object (&reader->stream);
  g_free (reader->path);
  if (reader->source_cnv != NULL)
    ucnv_close (reader->source_cnv);
  if (reader->utf8_cnv != NULL)
    ucnv_close (reader->utf8_cnv);
  g_free (reader->encoding);
  g_free (reader->raw);
  g_free (reader->pivot);
  g_free (reader->buf);
  g_free (reader->rec);
  g_free (reader->fields);
  g_strfreev (reader->header);
  g_clear_error (&reader->failed);
  g_free (reader);
}

/* Error helpers ---------------------------------------------------------- */

/* Offsets of converted input are positions in the decoded UTF-8 text: the
 * mapping back to file bytes is not tracked, so say so rather than print a
 * file offset that would be wrong. */
static char *
describe_offset (PrCsvReader *reader,
                 guint64      offset)
{
  if (reader->source_cnv == NULL)
    return g_strdup_printf (_("byte %llu of the file"), (unsigned long long) offset);
  else
    return g_strdup_printf (_("byte %llu of the text decoded from %s"),
                            (unsigned long long) offset, reader->encoding);
}

/* Records a sticky data error and returns FALSE for convenient tail calls. */
gboolean
pr_csv_reader_fail (PrCsvReader  *reader,
                    GError      **error,
                    gint          code,
                    const char   *format,
                    ...)
{
  va_list args;

  va_start (args, format);
  reader->failed = g_error_new_valist (PR_CSV_ERROR, code, format, args);
  va_end (args);

  reader->have_record = FALSE;
  g_propagate_error (error, g_error_copy (reader->failed));
  return FALSE;
}

/* Record assembly -------------------------------------------------------- */

static void
rec_grow (PrCsvReader *reader,
          gsize        needed)
{
  gsize cap = reader->rec_cap;

  if (needed < reader->rec_len)
    g_error ("CSV record too large");

  /* Doubling keeps a 10 MB field at O(n) total copying. */
  while (cap < needed)
    {
      if (cap > G_MAXSIZE / 2)
        {
          cap = needed;
          break;
        }
      cap *= 2;
    }

  reader->rec = g_realloc (reader->rec, cap);
  reader->rec_cap = cap;
}

static inline void
rec_append (PrCsvReader *reader,
            const char  *data,
            gsize        len)
{
  /* +1 keeps room for the NUL that ends the field. */
  if (G_UNLIKELY (reader->rec_len + len + 1 > reader->rec_cap))
    rec_grow (reader, reader->rec_len + len + 1);
  memcpy (reader->rec + reader->rec_len, data, len);
  reader->rec_len += len;
}

static inline void
field_begin (PrCsvReader *reader,
             guint64      offset,
             gboolean     quoted)
{
  Field *field;

  if (G_UNLIKELY (reader->n_fields == reader->fields_cap))
    {
      if (reader->fields_cap > G_MAXUINT / 2)
        g_error ("CSV record has too many fields");
      reader->fields_cap *= 2;
      reader->fields = g_renew (Field, reader->fields, reader->fields_cap);
    }

  field = &reader->fields[reader->n_fields];
  field->start = reader->rec_len;
  field->offset = offset;
  field->quoted = quoted;
  field->formula = FALSE;
  reader->mark_after_quote = FALSE;
}

static inline void
field_end (PrCsvReader *reader)
{
  Field *field = &reader->fields[reader->n_fields];

  if (G_UNLIKELY (reader->rec_len + 1 > reader->rec_cap))
    rec_grow (reader, reader->rec_len + 1);
  field->len = reader->rec_len - field->start;
  reader->rec[reader->rec_len++] = '\0';
  reader->n_fields++;
}

/* Number of line breaks in quoted data: every CR, and every LF that does
 * not complete a CRLF.  Two memchr passes beat a byte loop by far on the
 * common quoted text without any line breaks. */
static guint64
count_line_breaks (const char *data,
                   gsize       len,
                   gboolean    prev_cr)
{
  const char *end = data + len;
  const char *p;
  guint64 count = 0;

  for (p = data; (p = memchr (p, '\n', end - p)) != NULL; p++)
    if (p > data ? p[-1] != '\r' : !prev_cr)
      count++;

  for (p = data; (p = memchr (p, '\r', end - p)) != NULL; p++)
    count++;

  return count;
}

/* TRUE if rec holds only ASCII and exactly one zero byte per field (the
 * terminators), i.e. the whole record is valid without looking at fields.
 * Short fields make a per-field g_utf8_validate_len call cost more than
 * the parsing itself, hence one word-at-a-time pass over the record. */
static gboolean
record_is_plain_ascii (const PrCsvReader *reader)
{
  const guint64 low7 = G_GUINT64_CONSTANT (0x7f7f7f7f7f7f7f7f);
  const char *p = reader->rec;
  const char *end = p + reader->rec_len;
  guint8 high = 0;
  gsize zeros = 0;

  for (; end - p >= 8; p += 8)
    {
      guint64 w;

      memcpy (&w, p, 8);
      if (w & G_GUINT64_CONSTANT (0x8080808080808080))
        return FALSE;
      /* Exact per-byte zero mask (no carry between bytes), one bit per
       * zero byte at 0x80; the multiply sums those bits in the top byte. */
      zeros += (((~(((w & low7) + low7) | w | low7)) >> 7) *
                G_GUINT64_CONSTANT (0x0101010101010101)) >> 56;
    }

  for (; p < end; p++)
    {
      high |= (guint8) *p;
      zeros += *p == '\0';
    }

  return (high & 0x80) == 0 && zeros == reader->n_fields;
}

/* Validates the finished record.  Runs of ASCII are skipped eight bytes at a
 * time first; g_utf8_validate_len then reports the exact failing byte. */
static gboolean
validate_record (PrCsvReader  *reader,
                 GError      **error)
{
  if (G_LIKELY (record_is_plain_ascii (reader)))
    return TRUE;

  for (guint i = 0; i < reader->n_fields; i++)
    {
      const Field *field = &reader->fields[i];
      const char *data = reader->rec + field->start;
      const char *p = data;
      const char *end = data + field->len;
      const char *bad;
      g_autofree char *where = NULL;
      gsize in_field;
      guint64 in_file;

      /* ASCII fast path: no high bit and no zero byte in a word. */
      while (end - p >= 8)
        {
          guint64 w;

          memcpy (&w, p, 8);
          if ((w & G_GUINT64_CONSTANT (0x8080808080808080)) != 0 ||
              ((w - G_GUINT64_CONSTANT (0x0101010101010101)) & ~w &
               G_GUINT64_CONSTANT (0x8080808080808080)) != 0)
            break;
          p += 8;
        }

      if (G_LIKELY (g_utf8_validate_len (p, end - p, &bad)))
        continue;

      /* Map the field offset back to the input: "" escapes in a quoted field
       * are two input bytes for one field byte, plus the opening quote. */
      in_field = bad - data;
      in_file = field->offset + in_field;
      if (field->quoted)
        for (const char *q = data; (q = memchr (q, '"', bad - q)) != NULL; q++)
          in_file++;

      /* A file that begins with UTF-16's byte order mark (Excel's
       * "Unicode Text") is UTF-16 throughout: say so, not "invalid UTF-8". */
      if (reader->source_cnv == NULL && in_file == 0 && end - data >= 2 &&
          (((guint8) data[0] == 0xFF && (guint8) data[1] == 0xFE) ||
           ((guint8) data[0] == 0xFE && (guint8) data[1] == 0xFF)))
        {
          const char *utf16 = (guint8) data[0] == 0xFF ? "UTF-16LE" : "UTF-16BE";

          return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_INVALID_UTF8,
                       _("the file begins with the byte order mark of %s, so it is %s text (as Excel's “Unicode "
                         "Text” saves it), not UTF-8: give --encoding %s, or save it as “CSV UTF-8”"),
                       utf16, utf16, utf16);
        }
      where = describe_offset (reader, in_file);
      /* Excel's "CSV" on a Chinese Windows is GB18030 (a header of
       * Chinese names fails here, before any row's check): say so. */
      if (reader->source_cnv == NULL)
        {
          PrEncodingGuess guess = pr_encoding_guess_bytes (data, end - data);

          if (guess == PR_ENCODING_GUESS_GB18030 || guess == PR_ENCODING_GUESS_BIG5)
            return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_INVALID_UTF8,
                         /* Translators: the first %s says where: “byte 18 of
                          * the file”; the encoding is named twice. */
                         _("line %llu, field %u (%s): the text is not UTF-8 but looks like %s text, as Excel saves "
                           "“CSV” on a Chinese Windows: give --encoding %s, or save the file as “CSV UTF-8”"),
                         (unsigned long long) reader->record_line, i + 1, where,
                         pr_encoding_guess_to_string (guess), pr_encoding_guess_to_string (guess));
        }
      /* A NUL is valid UTF-8 to every other reader: named as what it is. */
      if (*bad == '\0')
        return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_INVALID_UTF8,
                     /* Translators: the last %s says where in the file: “byte 18 of the file”. */
                     _("line %llu, field %u: the value holds a NUL byte (character 0) at byte %zu of the field "
                       "(%s), which no text holds: take it out of the file"),
                     (unsigned long long) reader->record_line, i + 1, in_field, where);
      return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_INVALID_UTF8,
                   /* Translators: the last %s says where in the file: “byte 18 of the file”. */
                   _("line %llu, field %u: invalid UTF-8 at byte %zu of the field (%s)"),
                   (unsigned long long) reader->record_line, i + 1, in_field, where);
    }

  return TRUE;
}

static gboolean
syntax_error (PrCsvReader  *reader,
              GError      **error,
              const char   *what,
              guint64       offset,
              const char   *advice)
{
  g_autofree char *where = describe_offset (reader, offset);

  return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_SYNTAX,
                             /* Translators: the first %s says what is wrong
                              * (“unexpected character after a closing
                              * quote”), the second where: “byte 6 of the
                              * file”, the last what to do. */
                             _("line %llu, field %u: %s at %s: %s"),
                             (unsigned long long) reader->record_line, reader->n_fields + 1, what, where, advice);
}

/* Ends the record at a line break at buf[pos]; consumes it (and the LF of a
 * CRLF when already buffered). */
static inline void
consume_line_break (PrCsvReader *reader)
{
  char c = reader->buf[reader->pos++];

  reader->line++;
  if (c == '\r')
    {
      if (reader->pos < reader->buf_len)
        {
          if (reader->buf[reader->pos] == '\n')
            reader->pos++;
        }
      else
        {
          reader->skip_lf = TRUE;
        }
    }
}

/* Code page 936's lone bytes 0x80 and 0xFF, which ICU reads as € and
 * U+F8F5, are no GBK text (pr_encoding_icu_reads_cp936 ()): checked in
 * each whole record, so that a character written across two conversions
 * is seen too. Marked, or refused naming the line. */
static gboolean
check_stray_bytes (PrCsvReader  *reader,
                   GError      **error)
{
  for (guint f = 0; f < reader->n_fields; f++)
    {
      char *text = reader->rec + reader->fields[f].start;
      gsize length = reader->fields[f].len;
      guint8 byte;
      gssize at;

      while ((at = pr_encoding_find_stray_character (text, length, &byte)) >= 0)
        {
          if (!reader->marking)
            {
              /* The line of the byte, counted as the reader counts lines
               * (CRLF, LF or a lone CR), only now that one is found. */
              guint64 lines = count_line_breaks (text, at, FALSE);

              for (guint g = 0; g < f; g++)
                lines += count_line_breaks (reader->rec + reader->fields[g].start, reader->fields[g].len, FALSE);
              if (byte == 0x80)
                return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_ENCODING,
                             reader->skippable
                             ? _("line %llu: the byte 80 is not %s text (only Microsoft's code page 936 has it, as "
                                 "the euro sign, which no Chinese petition writes so): check the file's encoding "
                                 "(--encoding), or give --skip-bad-rows to leave out the records holding it")
                             : _("line %llu: the byte 80 is not %s text (only Microsoft's code page 936 has it, as "
                                 "the euro sign, which no Chinese petition writes so): check the file's encoding "
                                 "(--encoding), or remove the records holding it"),
                             (unsigned long long) (reader->record_line + lines), reader->encoding);
              return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_ENCODING,
                           reader->skippable
                           ? _("line %llu: the byte FF is not %s text (no Chinese encoding has it as a character): "
                               "check the file's encoding (--encoding), or give --skip-bad-rows to leave out the "
                               "records holding it")
                           : _("line %llu: the byte FF is not %s text (no Chinese encoding has it as a character): "
                               "check the file's encoding (--encoding), or remove the records holding it"),
                           (unsigned long long) (reader->record_line + lines), reader->encoding);
            }
          memcpy (text + at, PR_CSV_UNREADABLE_MARK, strlen (PR_CSV_UNREADABLE_MARK));
          reader->n_marked++;
          text += at + 3;
          length -= at + 3;
        }
    }
  return TRUE;
}

static gboolean
fail_more_after_end_mark (PrCsvReader  *reader,
                          guint64       line,
                          guint         field,
                          GError      **error)
{
  return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_SYNTAX,
                             _("line %llu, field %u: the value holds a DOS end-of-file mark (Ctrl-Z, byte 0x1A), "
                               "which ends a file, yet more follows it (were files put together?): delete the "
                               "mark, then read the file again"),
                             (unsigned long long) line, field);
}

/* A DOS end-of-file mark (Ctrl-Z, byte 0x1A) where a file ended. At the
 * start of a line inside a quoted value, the mark ended a file and a quote
 * left open before it took in the lines after it, up to a stray quote
 * further on; beginning a record's first value, with lines after it, a
 * file was put after another (copy /a). Either way the records around it
 * are misread: refused, naming the lines. Anywhere else inside quotes it
 * is a character of the value, kept as written as any other control
 * character is: a file cannot end before a closing quote. Ending a
 * record's unquoted last value (or after its closing quote, in
 * STATE_QUOTE_SEEN) it is left out, as the
 * reader leaves it out at the file's end, and the line after it must be
 * the file's header (pr-csv-end-mark-files.c). The unquoted
 * byte with text on both sides in one line is no end mark but the
 * substitute character (SUB) a conversion writes for a character it lost,
 * read as the source has it. A value that is the mark alone is left to the
 * caller (a line of its own, or a one-column file), and so is one that is
 * not text. */
static gboolean
check_end_mark_inside (PrCsvReader  *reader,
                       GError      **error)
{
  guint64 lines = 0;

  for (guint f = 0; f < reader->n_fields; f++)
    {
      const char *text = reader->rec + reader->fields[f].start;
      gsize length = reader->fields[f].len;
      const char *mark = memchr (text, 0x1A, length);
      guint64 line = reader->record_line + lines;

      lines += count_line_breaks (text, length, FALSE);
      if (mark == NULL || (length == 1 && reader->n_fields == 1))
        continue;
      /* Bytes that are no text (an image's, whose signature holds the
       * byte) are a bad row, left to the caller's check. A mark ending
       * them still ends a file: the caller may leave the row out and read
       * on, and the next line is held to the header all the same. */
      if (!g_utf8_validate_len (text, length, NULL))
        {
          if (!reader->fields[f].quoted && f + 1 == reader->n_fields && text[length - 1] == 0x1A)
            reader->record_end_mark = line + count_line_breaks (text, length, FALSE);
          continue;
        }
      for (const char *m = mark; m != NULL; m = memchr (m + 1, 0x1A, text + length - (m + 1)))
        if (reader->fields[f].quoted && m > text && (m[-1] == '\n' || m[-1] == '\r'))
          return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_SYNTAX,
                                     _("line %llu, field %u: the quoted value that begins there holds a DOS "
                                       "end-of-file mark (Ctrl-Z, byte 0x1A) on line %llu, so its closing quote is "
                                       "missing and the lines after it were read into it: close the quote where "
                                       "the value ends and delete the mark, then read the file again"),
                                     (unsigned long long) line, f + 1,
                                     (unsigned long long) (line + count_line_breaks (text, m - text, FALSE)));
      /* Elsewhere inside quotes the byte is the value's: no file ends
       * before a closing quote. */
      if (reader->fields[f].quoted)
        continue;
      if (f + 1 == reader->n_fields && text[length - 1] == 0x1A)
        {
          reader->record_end_mark = line + count_line_breaks (text, length, FALSE);
          while (reader->fields[f].len > 0 && text[reader->fields[f].len - 1] == 0x1A)
            reader->rec[reader->fields[f].start + --reader->fields[f].len] = '\0';
          continue;
        }
      if (!(f == 0 && text[0] == 0x1A))
        continue;
      return fail_more_after_end_mark (reader, line + count_line_breaks (text, mark - text, FALSE), f + 1, error);
    }
  return TRUE;
}

/* Whether a quote met in an unquoted field may stay: the field so far is
 * "=" or already holds such quotes, Excel's text formula written without
 * the quotes of CSV (="0012"), which is checked whole once it ends. */
static gboolean
unquoted_formula (PrCsvReader *reader)
{
  Field *field = &reader->fields[reader->n_fields];

  if (!field->formula && (reader->rec_len - field->start != 1 || reader->rec[field->start] != '='))
    return FALSE;
  field->formula = TRUE;
  return TRUE;
}

static gboolean
finish_record (PrCsvReader  *reader,
               GError      **error)
{
  reader->in_progress = FALSE;
  reader->state = STATE_RECORD_START;
  reader->record_end_mark = 0;
  if (reader->mark_after_quote)
    reader->record_end_mark = reader->quote_mark_line;
  reader->mark_after_quote = FALSE;

  if (!reader->unchecked && !validate_record (reader, error))
    return FALSE;
  if (reader->lone_euro && !check_stray_bytes (reader, error))
    return FALSE;
  if (!check_end_mark_inside (reader, error))
    return FALSE;
  /* Excel's text formula ="0012", as exports for Excel write ids and
   * dates (ours too), is its text: quoted in CSV, or, as many systems
   * write it for Excel, not. */
  for (guint f = 0; f < reader->n_fields; f++)
    if (reader->fields[f].quoted || reader->fields[f].formula)
      {
        gsize length = pr_excel_text_formula_unwrap (reader->rec + reader->fields[f].start, reader->fields[f].len);

        if (reader->fields[f].formula && length == reader->fields[f].len)
          {
            g_autofree char *where = describe_offset (reader, reader->fields[f].offset + 1);

            return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_SYNTAX, _("line %llu, field %u: %s at %s: %s"),
                                       (unsigned long long) reader->record_line, f + 1,
                                       _("unexpected '\"' inside an unquoted field"), where,
                                       _("put the whole value in quotes and write each quote inside it twice, as "
                                         "Excel saves it, then read the file again"));
          }
        reader->fields[f].len = length;
      }

  reader->have_record = TRUE;
  /* A byte order mark begins a file, never a line: one here is a file put
   * after another (cat a.csv b.csv), and it would stay, invisible, in the
   * first value (an id "\uFEFF50" that is not 50). After a mid-file
   * Ctrl-Z a file does begin: the line is held to the header there. */
  if (reader->record_number > 0 && reader->n_fields > 0 && reader->follows_mark == 0)
    {
      gsize length;
      const char *first = pr_csv_reader_get_field (reader, 0, &length);

      if (length >= 3 && memcmp (first, "\xef\xbb\xbf", 3) == 0)
        return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_SYNTAX,
                     _("line %llu begins with a byte order mark (U+FEFF, invisible), which only a file's start "
                       "has: were files put together? Delete the mark (and the header that came with it, if any), "
                       "then read the file again"),
                     (unsigned long long) reader->record_line);
    }
  reader->record_number++;
  return TRUE;
}

static gboolean read_record (PrCsvReader   *reader,
                             GCancellable  *cancellable,
                             GError       **error);

/**
 * pr_csv_reader_next:
 * @reader: a reader
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads the next record.  Fields of the previous record become invalid.
 *
 * Errors in the data (%PR_CSV_ERROR_SYNTAX, %PR_CSV_ERROR_ENCODING,
 * %PR_CSV_ERROR_INVALID_UTF8) are final: later calls fail with the same
 * error.  After a stream error (%PR_CSV_ERROR_IO) or cancellation
 * (%G_IO_ERROR_CANCELLED) a later call resumes where reading stopped.
 *
 * Returns: %TRUE if a record was read; %FALSE with @error unset at the end
 *   of the input, %FALSE with @error set on failure
 */
gboolean
pr_csv_reader_next (PrCsvReader   *reader,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (;;)
    {
      guint64 mark_line = reader->follows_mark;
      gboolean skip = FALSE;

      if (!read_record (reader, cancellable, error))
        return FALSE;
      reader->follows_mark = reader->record_end_mark;
      if (reader->record_number == 1)
        pr_csv_reader_keep_header (reader);
      if (mark_line == 0)
        return TRUE;
      if (!pr_csv_reader_after_end_mark (reader, mark_line, &skip, error))
        return FALSE;
      if (!skip)
        return TRUE;
      /* Not returned, so not counted (pr_csv_reader_get_record_number ()). */
      reader->record_number--;
    }
}

static gboolean
read_record (PrCsvReader   *reader,
             GCancellable  *cancellable,
             GError       **error)
{
  reader->have_record = FALSE;

  if (reader->failed != NULL)
    {
      g_propagate_error (error, g_error_copy (reader->failed));
      return FALSE;
    }

  if (reader->finished)
    return FALSE;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (!reader->started && !pr_csv_reader_start_input (reader, cancellable, error))
    return FALSE;

  if (!reader->in_progress)
    {
      reader->rec_len = 0;
      reader->n_fields = 0;
    }

  for (;;)
    {
      const char *buf;
      const char *end;
      const char *p;

      if (reader->pos == reader->buf_len)
        {
          gssize n = pr_csv_reader_refill (reader, cancellable, error);

          if (n < 0)
            return FALSE;

          if (n == 0)
            {
              /* End of input: close whatever is open. */
              switch (reader->state)
                {
                case STATE_RECORD_START:
                  reader->finished = TRUE;
                  return FALSE;

                case STATE_QUOTED:
                  return syntax_error (reader, error,
                                       _("unterminated quoted field; the quote opens"),
                                       reader->quote_offset,
                                       _("close the quote where the value ends (a quote inside a value is "
                                         "written twice), then read the file again"));

                case STATE_FIELD_START:
                  field_begin (reader, reader->buf_offset, FALSE);
                  G_GNUC_FALLTHROUGH;
                case STATE_UNQUOTED:
                case STATE_QUOTE_SEEN:
                default:
                  field_end (reader);
                  return finish_record (reader, error);
                }
            }
        }

      buf = reader->buf;
      end = buf + reader->buf_len;
      p = buf + reader->pos;

      switch (reader->state)
        {
        case STATE_RECORD_START:
          if (reader->skip_lf)
            {
              reader->skip_lf = FALSE;
              if (*p == '\n')
                {
                  reader->pos++;
                  break;
                }
            }

          if (*p == '\n' || *p == '\r')
            {
              /* Blank line. */
              consume_line_break (reader);
              break;
            }

          reader->record_line = reader->line;
          reader->in_progress = TRUE;
          reader->state = STATE_FIELD_START;
          G_GNUC_FALLTHROUGH;

        case STATE_FIELD_START:
          if (*p == '"')
            {
              reader->quote_offset = reader->buf_offset + reader->pos;
              reader->pos++;
              field_begin (reader, reader->buf_offset + reader->pos, TRUE);
              reader->prev_cr = FALSE;
              reader->state = STATE_QUOTED;
              break;
            }
          field_begin (reader, reader->buf_offset + reader->pos, FALSE);
          reader->state = STATE_UNQUOTED;
          G_GNUC_FALLTHROUGH;

        case STATE_UNQUOTED:
          for (;;)
            {
              const char *start = p;

              while (p < end && !special_unquoted[(guint8) *p])
                p++;
              rec_append (reader, start, p - start);
              reader->pos = p - buf;
              if (p < end && *p == '"' && unquoted_formula (reader))
                {
                  rec_append (reader, p, 1);
                  p++;
                  reader->pos++;
                  continue;
                }
              if (p == end || *p != ',')
                break;

              /* Separator: stay in this loop while unquoted fields follow,
               * the common case, rather than go round the state switch. */
              field_end (reader);
              p++;
              reader->pos++;
              if (p == end || *p == '"')
                {
                  reader->state = STATE_FIELD_START;
                  break;
                }
              field_begin (reader, reader->buf_offset + reader->pos, FALSE);
            }

          if (reader->state == STATE_UNQUOTED && p != end)
            {
              if (*p == '"')
                return syntax_error (reader, error,
                                     _("unexpected '\"' inside an unquoted field"),
                                     reader->buf_offset + reader->pos,
                                     _("put the whole value in quotes and write each quote inside it twice, as "
                                       "Excel saves it, then read the file again"));

              field_end (reader);
              consume_line_break (reader);
              return finish_record (reader, error);
            }
          break;

        case STATE_QUOTED:
          {
            const char *quote = memchr (p, '"', end - p);
            const char *run_end = quote != NULL ? quote : end;
            gsize run_len = run_end - p;

            if (run_len > 0)
              {
                reader->line += count_line_breaks (p, run_len, reader->prev_cr);
                reader->prev_cr = run_end[-1] == '\r';
                rec_append (reader, p, run_len);
              }

            if (quote != NULL)
              {
                reader->pos = quote + 1 - buf;
                reader->state = STATE_QUOTE_SEEN;
              }
            else
              {
                reader->pos = reader->buf_len;
              }
          }
          break;

        case STATE_QUOTE_SEEN:
          if (*p == 0x1A)
            {
              /* A DOS end-of-file mark after a line's last closing
               * quote is left out, as after an unquoted last value
               * (check_end_mark_inside ()); anything but the line's end
               * after it is refused below. */
              reader->mark_after_quote = TRUE;
              reader->quote_mark_line = reader->line;
              reader->pos++;
            }
          else if (reader->mark_after_quote && *p != '\n' && *p != '\r')
            {
              return fail_more_after_end_mark (reader, reader->line, reader->n_fields + 1, error);
            }
          else if (*p == '"')
            {
              rec_append (reader, "\"", 1);
              reader->pos++;
              reader->prev_cr = FALSE;
              reader->state = STATE_QUOTED;
            }
          else if (*p == ',')
            {
              field_end (reader);
              reader->pos++;
              reader->state = STATE_FIELD_START;
            }
          else if (*p == '\n' || *p == '\r')
            {
              field_end (reader);
              consume_line_break (reader);
              return finish_record (reader, error);
            }
          else
            {
              return syntax_error (reader, error,
                                   _("unexpected character after a closing quote"),
                                   reader->buf_offset + reader->pos,
                                   _("a quoted value ends at its closing quote: delete what follows it before "
                                     "the comma (a space?), or move it inside the quotes, writing each quote "
                                     "inside twice, then read the file again"));
            }
          break;

        default:
          g_assert_not_reached ();
        }
    }
}

/**
 * pr_csv_reader_next_header:
 * @reader: a reader at the start of its input
 * @name: the input's name for messages (a path)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads the header row, which names the columns. Excel's "sep=," line
 * before it is passed over; one naming another separator is refused.
 *
 * Returns: %FALSE with @error set on failure, and also when the input is
 *   empty (%PR_CSV_ERROR_SYNTAX: there is no header)
 */
gboolean
pr_csv_reader_next_header (PrCsvReader   *reader,
                           const char    *name,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  const char *first;

  if (!pr_csv_reader_next (reader, cancellable, &local_error))
    goto no_header;
  first = pr_csv_reader_get_field (reader, 0, &length);
  /* Excel's "sep=X" line names the separator before the header. */
  if (length < 4 || strncmp (first, "sep=", 4) != 0 ||
      !(pr_csv_reader_get_n_fields (reader) == 1 ? length == 5 :
        pr_csv_reader_get_n_fields (reader) == 2 && length == 4 && pr_csv_reader_get_field (reader, 1, NULL)[0] == '\0'))
    return TRUE;
  /* One field "sep=,": the line quoted, as some tools write it. */
  if (pr_csv_reader_get_n_fields (reader) == 1 && first[4] != ',')
    {
      g_autofree char *shown = pr_csv_reader_show_invisible (first);

      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                   _("%s: line 1 is Excel's “%s”, so its columns are separated by “%s”, not commas: save the "
                     "file as CSV with commas (in Excel, with the list separator set to a comma)"),
                   name, shown, shown + 4);
      return FALSE;
    }
  if (pr_csv_reader_next (reader, cancellable, &local_error))
    {
      pr_csv_reader_keep_header (reader);
      return TRUE;
    }

no_header:
  if (local_error == NULL)
    g_set_error (&local_error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                 _("%s is empty: a header row naming the columns is needed"), name);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * pr_csv_reader_set_check_text:
 * @reader: a reader
 * @check: %FALSE to leave the fields unchecked
 *
 * By default a record with a field that is not valid UTF-8 is an error,
 * and a final one. A caller that checks the fields it reads itself (the
 * record set, which can skip a bad row and go on) turns that off: fields
 * are then any bytes, NUL bytes included, with their lengths.
 */
void
pr_csv_reader_set_check_text (PrCsvReader *reader,
                              gboolean     check)
{
  g_return_if_fail (reader != NULL);

  reader->unchecked = !check;
}

/* Writes PR_CSV_UNREADABLE_MARK for a byte sequence that is not text in
 * the file's encoding, in its place among the characters around it. */
static void
mark_unreadable (const void              *context,
                 UConverterToUnicodeArgs *args,
                 const char              *code_units,
                 int32_t                  length,
                 UConverterCallbackReason reason,
                 UErrorCode              *status)
{
  static const UChar mark = 0xFDD0;
  PrCsvReader *reader = (PrCsvReader *) context;

  if (reason > UCNV_IRREGULAR)
    return;
  *status = U_ZERO_ERROR;
  ucnv_cbToUWriteUChars (args, &mark, 1, 0, status);
  reader->n_marked++;
}

/**
 * pr_csv_reader_set_mark_unreadable:
 * @reader: a reader of a file in an encoding other than UTF-8, before its
 *   first record
 *
 * A byte sequence that is not text in the file's encoding (a character
 * cut in two, a stray byte) reads as
 * %PR_CSV_UNREADABLE_MARK, a noncharacter no text holds, so that the
 * record holding it can be left out as a bad row and the rest read. Only
 * for encodings whose line feed is the byte 0x0A (GBK, Big5, the Latin
 * ones): in UTF-16 a bad byte would shift every character after it. A
 * reader of UTF-8 passes bytes through anyway.
 */
void
pr_csv_reader_set_mark_unreadable (PrCsvReader *reader)
{
  UErrorCode status = U_ZERO_ERROR;

  g_return_if_fail (reader != NULL);

  if (reader->source_cnv == NULL || ucnv_getMinCharSize (reader->source_cnv) != 1)
    return;
  ucnv_setToUCallBack (reader->source_cnv, mark_unreadable, reader, NULL, NULL, &status);
  g_warn_if_fail (U_SUCCESS (status));
  reader->marking = TRUE;
}

/**
 * pr_csv_reader_set_skippable:
 * @reader: a reader
 * @skippable: whether the command reading can leave bad rows out
 *   (--skip-bad-rows)
 *
 * Whether a refusal of bytes not in the file's encoding names
 * --skip-bad-rows as a way on: only a command that has the flag may.
 */
void
pr_csv_reader_set_skippable (PrCsvReader *reader,
                             gboolean     skippable)
{
  g_return_if_fail (reader != NULL);

  reader->skippable = skippable;
}

/**
 * pr_csv_reader_get_n_marked:
 * @reader: a reader
 *
 * Returns: how many byte sequences were read as %PR_CSV_UNREADABLE_MARK
 *   so far
 */
guint64
pr_csv_reader_get_n_marked (PrCsvReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);

  return reader->n_marked;
}

/**
 * pr_csv_reader_get_n_fields:
 * @reader: a reader
 *
 * Returns: the number of fields of the current record, 0 if the last
 *   pr_csv_reader_next() did not return %TRUE
 */
guint
pr_csv_reader_get_n_fields (PrCsvReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);

  return reader->have_record ? reader->n_fields : 0;
}

/**
 * pr_csv_reader_get_field:
 * @reader: a reader
 * @index: the 0-based field index, less than pr_csv_reader_get_n_fields()
 * @length: (out) (optional): return location for the length in bytes
 *
 * Returns: (transfer none): the field as NUL-terminated, valid UTF-8 with
 *   quotes and escapes removed.  The string is owned by @reader and valid
 *   until the next call to pr_csv_reader_next() or pr_csv_reader_free().
 */
const char *
pr_csv_reader_get_field (PrCsvReader *reader,
                         guint        index,
                         gsize       *length)
{
  const Field *field;

  g_return_val_if_fail (reader != NULL, NULL);
  g_return_val_if_fail (reader->have_record, NULL);
  g_return_val_if_fail (index < reader->n_fields, NULL);

  field = &reader->fields[index];
  if (length != NULL)
    *length = field->len;
  return reader->rec + field->start;
}

/**
 * pr_csv_reader_get_record_number:
 * @reader: a reader
 *
 * Returns: the number of records returned so far, so the 1-based number of
 *   the current record (a header row counts as record 1)
 */
guint64
pr_csv_reader_get_record_number (PrCsvReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);

  return reader->record_number;
}

/**
 * pr_csv_reader_get_line:
 * @reader: a reader
 *
 * Returns: the 1-based physical line on which the current record starts;
 *   LF, CRLF and a lone CR each end a line, also inside quoted fields
 */
guint64
pr_csv_reader_get_line (PrCsvReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);

  return reader->record_line;
}

/**
 * pr_csv_reader_get_bytes_read:
 * @reader: a reader
 *
 * Progress information.  For UTF-8 input this is the exact number of input
 * bytes parsed so far (the end of the current record, including its line
 * break when already read).  For other encodings it counts the bytes handed
 * to the converter, which may run ahead of the current record by up to one
 * read chunk.  At the end of the input it equals the stream size.
 *
 * Returns: bytes consumed from the stream
 */
guint64
pr_csv_reader_get_bytes_read (PrCsvReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);

  if (reader->source_cnv != NULL)
    return reader->raw_consumed;
  return reader->buf_offset + reader->pos;
}

/**
 * pr_csv_reader_find_field:
 * @reader: a #PrCsvReader positioned on a header row
 * @name: a column name
 *
 * Returns: the index of the first field equal to @name, or -1
 */
int
pr_csv_reader_find_field (PrCsvReader *reader,
                          const char  *name)
{
  g_return_val_if_fail (reader != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
    if (strcmp (pr_csv_reader_get_field (reader, i, NULL), name) == 0)
      return i;

  return -1;
}

/**
 * pr_csv_reader_describe_header:
 * @reader: a #PrCsvReader positioned on a header row
 *
 * Returns: (transfer full): the header's names, separated by ", ", each
 *   invisible character (a BOM, a control character) shown as <U+FEFF>
 *   so that a name that looks right but is not can be told
 */
char *
pr_csv_reader_describe_header (PrCsvReader *reader)
{
  GString *names = g_string_new (NULL);

  g_return_val_if_fail (reader != NULL, g_string_free (names, FALSE));

  for (guint h = 0; h < pr_csv_reader_get_n_fields (reader); h++)
    {
      g_autofree char *shown = pr_csv_reader_show_invisible (pr_csv_reader_get_field (reader, h, NULL));

      g_string_append_printf (names, "%s%s", h > 0 ? ", " : "", shown);
    }
  return g_string_free (names, FALSE);
}
