/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The CSV reader's state, shared by its parser (pr-csv-reader.c), its
 * input side (pr-csv-reader-input.c), and its header's checks
 * (pr-csv-header-names.c, pr-csv-end-mark-files.c).
 */
#pragma once

#include <gio/gio.h>
#include <unicode/ucnv.h>

#include "pr-csv-reader.h"

G_BEGIN_DECLS

/* 64 KiB keeps syscalls rare without making short files pay for a big
 * allocation; the record buffer grows independently. */
#define READ_CHUNK_SIZE (64 * 1024)
#define PIVOT_SIZE 4096

typedef enum {
  STATE_RECORD_START,   /* between records; blank lines are skipped here */
  STATE_FIELD_START,    /* after a separator */
  STATE_UNQUOTED,
  STATE_QUOTED,
  STATE_QUOTE_SEEN,     /* a '"' inside a quoted field: escape or closing quote */
} ParseState;

typedef struct {
  gsize start;          /* offset of the first byte in reader->rec */
  gsize len;
  guint64 offset;       /* input offset of the first content byte */
  gboolean quoted;
  gboolean formula;     /* unquoted, yet holding quotes: ="0012" */
} Field;

struct _PrCsvReader
{
  GInputStream *stream;
  char *path;                   /* for messages; NULL for caller streams */

  /* ICU conversion, only when the input is not UTF-8. */
  UConverter *source_cnv;
  UConverter *utf8_cnv;
  char *encoding;               /* as the caller named it, for messages */
  guint64 n_marked;             /* byte sequences not in the encoding, marked (pr_csv_reader_set_mark_unreadable) */
  gboolean marking;             /* such sequences are marked, not refused */
  gboolean skippable;           /* the command can leave bad rows out (--skip-bad-rows): its refusals say so */
  gboolean lone_euro;           /* code page 936: a € or U+F8F5 ICU gives is a lone byte 0x80 or 0xFF (check_stray_bytes) */
  char *raw;                    /* bytes read but not yet converted */
  gsize raw_pos;
  gsize raw_len;
  guint64 raw_consumed;         /* bytes handed to the converter so far */
  guint64 raw_newlines;         /* of them, line feeds (bytes 0x0A) */
  UChar *pivot;
  UChar *pivot_source;
  UChar *pivot_target;
  gboolean reset_pending;
  gboolean flushed;

  /* UTF-8 bytes being parsed: the raw chunk itself for UTF-8 input,
   * converter output otherwise. */
  char *buf;
  gsize buf_len;
  gsize pos;
  guint64 buf_offset;           /* input offset of buf[0] */
  guint64 stream_bytes;         /* bytes read from the stream */
  gboolean eof;                 /* the stream returned 0 */
  gboolean started;             /* BOM check done */
  gboolean finished;            /* end of input reported */

  /* Parser state, kept in the object so a record can span any number of
   * reads, and so a failed read (e.g. cancelled) can be retried. */
  ParseState state;
  guint64 line;                 /* physical line at buf[pos] */
  gboolean prev_cr;             /* last byte of quoted data was CR */
  gboolean mark_after_quote;    /* Ctrl-Z (0x1A) after the current field's closing quote */
  guint64 quote_mark_line;      /* the line of that mark */
  gboolean skip_lf;             /* record ended at CR, LF may follow */
  guint64 quote_offset;         /* opening quote of the current field */

  /* Current record. */
  char *rec;
  gsize rec_len;
  gsize rec_cap;
  Field *fields;
  guint n_fields;
  guint fields_cap;
  gboolean in_progress;         /* rec/fields hold a partial record */
  gboolean have_record;         /* the last next() returned TRUE */
  gboolean unchecked;           /* fields are not checked for UTF-8: the caller does */
  guint64 record_line;
  guint64 record_number;
  guint64 record_end_mark;      /* the line of a mid-file Ctrl-Z ending the current record, or 0 */
  guint64 follows_mark;         /* the same of the record returned last: the next must be the header */
  char **header;                /* the header's names, for the record after such a mark */

  /* Data errors are sticky: the stream position is past the bad record
   * and we cannot resynchronise reliably. */
  GError *failed;
};

gboolean pr_csv_reader_fail        (PrCsvReader   *reader,
                                    GError       **error,
                                    gint           code,
                                    const char    *format,
                                    ...) G_GNUC_PRINTF (4, 5);
void     pr_csv_reader_keep_header (PrCsvReader   *reader);
gboolean pr_csv_reader_after_end_mark (PrCsvReader *reader,
                                       guint64      mark_line,
                                       gboolean    *skip,
                                       GError     **error);
void     pr_csv_header_set_reordered_error (GError **error,
                                            guint64  line);
gboolean pr_csv_reader_start_input (PrCsvReader   *reader,
                                    GCancellable  *cancellable,
                                    GError       **error);
gssize   pr_csv_reader_refill      (PrCsvReader   *reader,
                                    GCancellable  *cancellable,
                                    GError       **error);

G_END_DECLS
