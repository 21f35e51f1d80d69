/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pr-csv-reader-input.c: the CSV reader's input side
 *
 * Bytes from the stream to UTF-8 for the parser (pr-csv-reader.c): the
 * chunks read, the conversion from another encoding with ICU, and the
 * start of a file, where byte order marks are dropped and an encoding
 * that is plainly wrong is named before it garbles the header.
 */

#define G_LOG_DOMAIN "pr-csv-reader"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include <unicode/ucnv.h>

#include "pr-csv-reader-private.h"

/* Reads once from the stream into @dest.  Returns the number of bytes read,
 * 0 at end of stream, -1 on error. */
static gssize
read_stream (PrCsvReader   *reader,
             char          *dest,
             gsize          size,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  gssize n;

  n = g_input_stream_read (reader->stream, dest, size, cancellable, &local_error);
  if (n < 0)
    {
      /* Callers test for cancellation by its GIO code, keep it. */
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else if (reader->path != NULL)
        g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_IO,
                     _("Could not read “%s” at byte %llu: %s"),
                     reader->path, (unsigned long long) reader->stream_bytes, local_error->message);
      else
        g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_IO,
                     _("Could not read the input at byte %llu: %s"),
                     (unsigned long long) reader->stream_bytes, local_error->message);
      return -1;
    }

  reader->stream_bytes += n;
  if (n == 0)
    reader->eof = TRUE;
  return n;
}

/* UTF-16 text of Chinese characters (a header 编号,内容): its NUL bytes
 * are the high halves of the ASCII characters among them (commas, line
 * ends, digits), at odd offsets (little-endian) or at even ones, but for
 * the few of ideographs such as 退 (U+9000), with its line feeds so
 * placed: a 0A byte at the other offsets would be U+0A00–U+0AFF, which no
 * Chinese text holds. UTF-8 text holds no NUL byte, but for a bad row, and
 * its line feeds fall at odd and even offsets alike. */
static const char *
utf16_by_nul_bytes (const guint8 *b,
                    gsize         length)
{
  gsize nul[2] = { 0, 0 };
  gsize line_feed[2] = { 0, 0 };
  gsize other_feed[2] = { 0, 0 };

  for (gsize i = 0; i + 1 < length; i += 2)
    {
      nul[0] += b[i] == 0;
      nul[1] += b[i + 1] == 0;
      line_feed[1] += b[i] == '\n' && b[i + 1] == 0;
      line_feed[0] += b[i] == 0 && b[i + 1] == '\n';
      other_feed[1] += b[i + 1] == '\n';
      other_feed[0] += b[i] == '\n';
    }
  if (nul[1] >= 2 && nul[0] * 4 < nul[1] && line_feed[1] > 0 && other_feed[1] * 4 < line_feed[1])
    return "UTF-16LE";
  if (nul[0] >= 2 && nul[1] * 4 < nul[0] && line_feed[0] > 0 && other_feed[0] * 4 < line_feed[0])
    return "UTF-16BE";
  return NULL;
}

/* The wide encoding whose pattern of NUL bytes the first bytes of a file
 * show, for ASCII text (a header): "id" is 69 00 64 00 in UTF-16LE, 69 00
 * 00 00 in UTF-32LE. A byte order mark counts as the encoding's. %NULL if
 * none. */
static const char *
wide_encoding_of (const guint8 *b,
                  gsize         length)
{
  if (length >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0)
    return "UTF-32LE";
  if (length >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF)
    return "UTF-32BE";
  if (length < 8)
    return NULL;
  if (b[0] != 0 && b[1] == 0 && b[2] == 0 && b[3] == 0 && b[4] != 0 && b[5] == 0 && b[6] == 0 && b[7] == 0)
    return "UTF-32LE";
  if (b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] != 0 && b[4] == 0 && b[5] == 0 && b[6] == 0 && b[7] != 0)
    return "UTF-32BE";
  if (b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0 && b[4] != 0 && b[5] == 0)
    return "UTF-16LE";
  if (b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0 && b[4] == 0 && b[5] != 0)
    return "UTF-16BE";
  /* With UTF-16's byte order mark, the parser names the mark itself. */
  if ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF))
    return NULL;
  return utf16_by_nul_bytes (b, length);
}

/* The wide encoding of @b, what follows a UTF-8 byte order mark: its own
 * byte order mark, or its pattern of NUL bytes. A program that adds
 * UTF-8's mark to whatever it writes puts it before UTF-16 text too.
 * %NULL if none. */
static const char *
wide_after_utf8_mark (const guint8 *b,
                      gsize         length)
{
  const char *wide = wide_encoding_of (b, length);

  if (wide != NULL || length < 2)
    return wide;
  if (b[0] == 0xFF && b[1] == 0xFE)
    return "UTF-16LE";
  if (b[0] == 0xFE && b[1] == 0xFF)
    return "UTF-16BE";
  return NULL;
}

/* Whether @data (a first chunk, perhaps cut inside a character) is UTF-8
 * with a character beyond ASCII, or with a line feed and no NUL. */
static gboolean
looks_utf8 (const char *data,
            gsize       length,
            gboolean   *out_non_ascii)
{
  const char *bad = NULL;

  *out_non_ascii = FALSE;
  if (memchr (data, '\0', length) != NULL)
    return FALSE;
  if (!g_utf8_validate_len (data, length, &bad) && (gsize) (bad - data) + 4 <= length)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    *out_non_ascii |= (guint8) data[i] >= 0x80;
  return TRUE;
}

/* The first bytes of a file read in another encoding than UTF-8 say when
 * that encoding is wrong, before it garbles the header: a UTF-8 file
 * given as UTF-16 (UTF-16's line feed holds a NUL byte), a UTF-8 file
 * given as GBK or Big5 (it begins with UTF-8's byte order mark and reads
 * as UTF-8). A UTF-8 byte order mark before text that is not UTF-8 (an
 * editor's mark on a GBK file) is dropped, as in UTF-8 input. Returns
 * FALSE with @error on a refusal. */
static gboolean
check_raw_start (PrCsvReader  *reader,
                 GError      **error)
{
  const char *data = reader->raw;
  gsize length = reader->raw_len;
  gboolean bom = length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0;
  int width = ucnv_getMinCharSize (reader->source_cnv);
  gboolean non_ascii;

  if (width > 1)
    {
      /* After UTF-8's mark, the text's own width is what must match. */
      const char *wide = bom ? wide_after_utf8_mark ((const guint8 *) data + 3, length - 3)
                             : wide_encoding_of ((const guint8 *) data, length);

      if (wide != NULL && g_str_has_prefix (wide, "UTF-32") && width == 2)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                       _("the file is given as %s, but it is %s (its first characters take four bytes each): give "
                         "--encoding %s"), reader->encoding, wide, wide);
          return FALSE;
        }
      if (bom && wide != NULL && g_str_has_prefix (wide, "UTF-16") && width == 4)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                       _("the file is given as %s, but it is %s (its first characters take two bytes each): give "
                         "--encoding %s"), reader->encoding, wide, wide);
          return FALSE;
        }
      /* UTF-8's mark before the wide text given: dropped. */
      if (bom && wide != NULL)
        {
          reader->raw_pos += 3;
          reader->raw_consumed += 3;
          return TRUE;
        }
      if (bom || (looks_utf8 (data, length, &non_ascii) && memchr (data, '\n', length) != NULL))
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                       _("the file is given as %s, but it is UTF-8 (%s): leave out --encoding"), reader->encoding,
                       bom ? _("it begins with UTF-8's byte order mark")
                           : _("its line ends hold no NUL byte, as those of UTF-16 and UTF-32 do"));
          return FALSE;
        }
      return TRUE;
    }
  if (!bom)
    return TRUE;
  if (looks_utf8 (data + 3, length - 3, &non_ascii) && non_ascii)
    {
      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                   _("the file is given as %s, but it is UTF-8 (it begins with UTF-8's byte order mark and its text "
                     "is UTF-8): leave out --encoding"), reader->encoding);
      return FALSE;
    }
  reader->raw_pos += 3;
  reader->raw_consumed += 3;
  return TRUE;
}

/* Appends converter output to buf.  Returns bytes appended (0 only once
 * everything has been flushed), -1 on error; a conversion error is sticky,
 * an I/O error is not. */
static gssize
convert_more (PrCsvReader   *reader,
              GCancellable  *cancellable,
              GError       **error)
{
  for (;;)
    {
      UErrorCode status = U_ZERO_ERROR;
      char *target = reader->buf + reader->buf_len;
      const char *source = reader->raw + reader->raw_pos;
      const char *source_start = source;
      gsize produced;

      if (reader->flushed)
        return 0;

      if (reader->raw_pos == reader->raw_len && !reader->eof)
        {
          gssize n = read_stream (reader, reader->raw, READ_CHUNK_SIZE,
                                  cancellable, error);
          if (n < 0)
            return -1;
          reader->raw_pos = 0;
          reader->raw_len = n;
          source = source_start = reader->raw;
          if (reader->raw_consumed == 0 && n > 0)
            {
              GError *refused = NULL;

              /* A refusal of the encoding is a data error: sticky. */
              if (!check_raw_start (reader, &refused))
                {
                  reader->failed = g_error_copy (refused);
                  reader->have_record = FALSE;
                  g_propagate_error (error, refused);
                  return -1;
                }
              source = source_start = reader->raw + reader->raw_pos;
            }
        }

      ucnv_convertEx (reader->utf8_cnv, reader->source_cnv,
                      &target, reader->buf + READ_CHUNK_SIZE,
                      &source, reader->raw + reader->raw_len,
                      reader->pivot, &reader->pivot_source, &reader->pivot_target,
                      reader->pivot + PIVOT_SIZE,
                      reader->reset_pending, reader->eof, &status);
      reader->reset_pending = FALSE;
      reader->raw_pos += source - source_start;
      reader->raw_consumed += source - source_start;
      for (const char *p = source_start; p < source; p++)
        reader->raw_newlines += *p == '\n';
      produced = target - (reader->buf + reader->buf_len);
      reader->buf_len += produced;
      if (status == U_BUFFER_OVERFLOW_ERROR)
        {
          /* Target full; the rest stays in the pivot or the source. */
        }
      else if (U_FAILURE (status))
        {
          char invalid[32];
          int8_t invalid_len = sizeof invalid;
          UErrorCode status2 = U_ZERO_ERROR;
          g_autoptr(GString) hex = g_string_new (NULL);
          guint64 offset;

          /* ICU stops just past the bad sequence, which may have started in
           * an earlier chunk; the invalid-bytes length takes us back. */
          ucnv_getInvalidChars (reader->source_cnv, invalid, &invalid_len, &status2);
          if (U_FAILURE (status2))
            invalid_len = 0;
          offset = reader->raw_consumed - invalid_len;
          for (int i = 0; i < invalid_len; i++)
            g_string_append_printf (hex, "%s%02X", i > 0 ? " " : "", (guint8) invalid[i]);

          /* In an encoding whose line feed is the byte 0x0A and never part
           * of a character (GBK, GB18030, Big5, the Latin ones), the line;
           * and a line that is UTF-8 says what the file really is. */
          if (status != U_TRUNCATED_CHAR_FOUND && ucnv_getMinCharSize (reader->source_cnv) == 1)
            {
              /* The bad sequence may have begun in the chunk before, no
               * longer in raw: its bytes are counted from the copy. */
              const char *bad = MAX (source - invalid_len, reader->raw);
              const char *line_start = bad, *line_end = bad;
              guint64 line = reader->raw_newlines + 1;

              for (int i = 0; i < invalid_len; i++)
                line -= invalid[i] == '\n';
              while (line_start > reader->raw && line_start[-1] != '\n')
                line_start--;
              while (line_end < reader->raw + reader->raw_len && *line_end != '\n')
                line_end++;
              if ((line_start > reader->raw || reader->raw_consumed - (source - reader->raw) == 0) &&
                  line_end < reader->raw + reader->raw_len &&
                  g_utf8_validate_len (line_start, line_end - line_start, NULL))
                pr_csv_reader_fail (reader, error, PR_CSV_ERROR_ENCODING,
                      reader->skippable
                      ? _("line %llu: the bytes %s are not %s text, but the line is UTF-8: if the file is UTF-8 "
                          "throughout, leave out --encoding %s; if only some of its lines are, convert them to %s "
                          "(iconv) or leave them out with --skip-bad-rows")
                      : _("line %llu: the bytes %s are not %s text, but the line is UTF-8: if the file is UTF-8 "
                          "throughout, leave out --encoding %s; if only some of its lines are, convert them to %s "
                          "(iconv)"),
                      (unsigned long long) line, hex->str, reader->encoding, reader->encoding, reader->encoding);
              else
                pr_csv_reader_fail (reader, error, PR_CSV_ERROR_ENCODING,
                      _("line %llu: the bytes %s are not %s text (byte %llu of the file): check the file's "
                        "encoding (--encoding)"),
                      (unsigned long long) line, hex->str, reader->encoding, (unsigned long long) offset);
            }
          /* Two whole sentences rather than a word put in: a translation
           * may need to say "truncated" elsewhere in the sentence. */
          else if (status == U_TRUNCATED_CHAR_FOUND)
            pr_csv_reader_fail (reader, error, PR_CSV_ERROR_ENCODING,
                  /* Translators: the encoding, then a space and the bytes in
                   * hex (“ FF 3A”) or nothing, then where they start. */
                  _("Truncated %s byte sequence%s%s at byte %llu of the file"),
                  reader->encoding, hex->len > 0 ? " " : "", hex->str, (unsigned long long) offset);
          else
            pr_csv_reader_fail (reader, error, PR_CSV_ERROR_ENCODING,
                  _("Invalid %s byte sequence%s%s at byte %llu of the file"),
                  reader->encoding, hex->len > 0 ? " " : "", hex->str, (unsigned long long) offset);
          return -1;
        }
      else if (reader->eof)
        {
          reader->flushed = TRUE;
        }

      if (produced > 0)
        return produced;
    }
}

/* Moves on to a new chunk of UTF-8 input once buf is used up.  Returns the
 * number of new bytes, 0 at end of input, -1 on error. */
gssize
pr_csv_reader_refill (PrCsvReader   *reader,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_assert (reader->pos == reader->buf_len);

  reader->buf_offset += reader->buf_len;
  reader->buf_len = 0;
  reader->pos = 0;

  if (reader->source_cnv != NULL)
    return convert_more (reader, cancellable, error);

  if (reader->eof)
    return 0;

  {
    gssize n = read_stream (reader, reader->buf, READ_CHUNK_SIZE, cancellable, error);
    if (n > 0)
      reader->buf_len = n;
    return n;
  }
}

#define MAX_LEADING_BOMS 4

/* Whether @buf is UTF-8 BOMs, the last perhaps cut short. */
static gboolean
only_boms (const char *buf,
           gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (buf[i] != "\xef\xbb\xbf"[i % 3])
      return FALSE;
  return TRUE;
}

/* Before the first record: gathers a few bytes (short reads may split a
 * BOM) and skips the UTF-8 BOMs there.  An export that was converted twice
 * starts with two; left in, the second would be an invisible part of the
 * first column's name.  Returns FALSE on error. */
gboolean
pr_csv_reader_start_input (PrCsvReader   *reader,
                           GCancellable  *cancellable,
                           GError       **error)
{
  /* Only while all gathered may still be BOMs: an error further on must
   * not come before the records ahead of it. */
  while (reader->buf_len < 3 * MAX_LEADING_BOMS && only_boms (reader->buf, reader->buf_len))
    {
      gssize n;

      if (reader->source_cnv != NULL)
        {
          n = convert_more (reader, cancellable, error);
        }
      else if (reader->eof)
        {
          n = 0;
        }
      else
        {
          n = read_stream (reader, reader->buf + reader->buf_len,
                           READ_CHUNK_SIZE - reader->buf_len, cancellable, error);
          if (n > 0)
            reader->buf_len += n;
        }

      if (n < 0)
        return FALSE;
      if (n == 0)
        break;
    }

  while (reader->pos + 3 <= reader->buf_len && reader->pos < 3 * MAX_LEADING_BOMS &&
         memcmp (reader->buf + reader->pos, "\xef\xbb\xbf", 3) == 0)
    reader->pos += 3;

  /* UTF-8's byte order mark before UTF-16 or UTF-32 text would fail as
   * "invalid UTF-8" at its first byte: said as what it is. */
  if (reader->source_cnv == NULL && reader->pos > 0)
    {
      const char *wide = wide_after_utf8_mark ((const guint8 *) reader->buf + reader->pos,
                                               reader->buf_len - reader->pos);

      if (wide != NULL)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                       /* Translators: the encoding is named three times (UTF-16LE). */
                       _("the file begins with UTF-8's byte order mark, but the text after it is %s, not UTF-8 "
                         "(a program put UTF-8's mark before %s text): give --encoding %s, which reads it past "
                         "the mark, or save it as “CSV UTF-8”"), wide, wide, wide);
          return FALSE;
        }
    }

  /* A UTF-16 or UTF-32 file without a byte order mark would fail as
   * "invalid UTF-8 (NUL byte)": its NUL bytes say what it is. */
  if (reader->source_cnv == NULL && reader->pos == 0)
    {
      const char *wide = wide_encoding_of ((const guint8 *) reader->buf, reader->buf_len);

      if (wide != NULL)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                       _("the file is %s text, not UTF-8 (its first characters are each followed or preceded by NUL "
                         "bytes): give --encoding %s, or save it as “CSV UTF-8”"), wide, wide);
          return FALSE;
        }
    }

  reader->started = TRUE;
  return TRUE;
}
