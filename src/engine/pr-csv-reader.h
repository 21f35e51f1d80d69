/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PR_CSV_ERROR (pr_csv_error_quark ())

typedef enum {
  PR_CSV_ERROR_SYNTAX,        /* unterminated quote, stray quote inside an unquoted field */
  PR_CSV_ERROR_ENCODING,      /* unknown encoding name, or bytes invalid in the named encoding */
  PR_CSV_ERROR_INVALID_UTF8,  /* input declared UTF-8 holds bytes that are not UTF-8 (or a NUL) */
  PR_CSV_ERROR_IO,            /* the stream failed */
} PrCsvError;

GQuark pr_csv_error_quark (void);

typedef struct _PrCsvReader PrCsvReader;

PrCsvReader        *pr_csv_reader_new               (GInputStream  *stream,
                                                     const char    *encoding,
                                                     GError       **error);
PrCsvReader        *pr_csv_reader_new_for_path      (const char    *path,
                                                     const char    *encoding,
                                                     GError       **error);
void                pr_csv_reader_free              (PrCsvReader   *reader);
gboolean            pr_csv_reader_next              (PrCsvReader   *reader,
                                                     GCancellable  *cancellable,
                                                     GError       **error);
gboolean            pr_csv_reader_next_header       (PrCsvReader   *reader,
                                                     const char    *name,
                                                     GCancellable  *cancellable,
                                                     GError       **error);
void                pr_csv_reader_set_check_text    (PrCsvReader   *reader,
                                                     gboolean       check);
/* U+FDD0 in UTF-8: a noncharacter, which no text holds. */
#define PR_CSV_UNREADABLE_MARK "\xef\xb7\x90"
void                pr_csv_reader_set_mark_unreadable (PrCsvReader *reader);
void                pr_csv_reader_set_skippable     (PrCsvReader   *reader,
                                                     gboolean       skippable);
guint64             pr_csv_reader_get_n_marked      (PrCsvReader   *reader);
guint               pr_csv_reader_get_n_fields      (PrCsvReader   *reader);
const char         *pr_csv_reader_get_field         (PrCsvReader   *reader,
                                                     guint          index,
                                                     gsize         *length);
guint64             pr_csv_reader_get_record_number (PrCsvReader   *reader);
guint64             pr_csv_reader_get_line          (PrCsvReader   *reader);
guint64             pr_csv_reader_get_bytes_read    (PrCsvReader   *reader);
int                 pr_csv_reader_find_field        (PrCsvReader   *reader,
                                                     const char    *name);
int                 pr_csv_reader_find_field_as_read (PrCsvReader  *reader,
                                                      const char   *name,
                                                      int           other_than);
gboolean            pr_csv_reader_check_unique_field (PrCsvReader  *reader,
                                                      const char   *name,
                                                      const char   *path,
                                                      GError      **error);
char               *pr_csv_reader_describe_header   (PrCsvReader   *reader);
char               *pr_csv_reader_show_invisible    (const char    *text);
gboolean            pr_csv_reader_check_not_header  (PrCsvReader        *reader,
                                                     const char *const  *names,
                                                     const int          *fields,
                                                     guint               n_names,
                                                     GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrCsvReader, pr_csv_reader_free)

G_END_DECLS
