/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-mapping.h"
#include "pr-tokenizer.h"

G_BEGIN_DECLS

/* The records' text and short values, and the words the fingerprint read
 * of them, in a temporary file rather than in memory (pr-text-file.c). */
typedef struct _PrTextFile PrTextFile;

/* One record as the file gives it back: values point into the file's
 * mapping and stay valid as long as it. */
typedef struct {
  const char    *const *texts;  /* one per mapping column, NULL for none */
  const guint64 *words;         /* the body's words' hashes, in order; NULL when not known */
  guint32        n_words;
} PrTextFileRecord;

PrTextFile *pr_text_file_new     (const PrMapping    *mapping,
                                  PrTokenizerFlags    flags,
                                  GError            **error);
PrTokenizerFlags pr_text_file_get_flags (const PrTextFile *file);
gboolean    pr_text_file_add     (PrTextFile         *file,
                                  gsize               record,
                                  const char *const  *values,
                                  const gsize        *lengths,
                                  const guint64      *words,
                                  guint32             n_words,
                                  GError            **error);
gboolean    pr_text_file_finish  (PrTextFile         *file,
                                  gsize               n_records,
                                  GError            **error);
void        pr_text_file_get     (const PrTextFile   *file,
                                  gsize               record,
                                  const char        **texts,
                                  PrTextFileRecord   *out);
gboolean    pr_text_file_read    (const PrTextFile   *file,
                                  gsize               record,
                                  GByteArray         *buffer,
                                  const char        **texts,
                                  PrTextFileRecord   *out,
                                  GError            **error);
void        pr_text_file_free    (PrTextFile         *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrTextFile, pr_text_file_free)

G_END_DECLS
