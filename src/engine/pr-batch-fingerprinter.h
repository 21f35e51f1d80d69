/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-fingerprinter.h"

G_BEGIN_DECLS

typedef struct _PrBatchFingerprinter PrBatchFingerprinter;

PrBatchFingerprinter *pr_batch_fingerprinter_new         (const PrMapping       *mapping,
                                                          PrTokenizerFlags       flags,
                                                          guint                  min_tokens,
                                                          guint                  n_threads,
                                                          GError               **error);
void                  pr_batch_fingerprinter_free        (PrBatchFingerprinter  *batch);
guint                 pr_batch_fingerprinter_get_n_threads (PrBatchFingerprinter *batch);
void                  pr_batch_fingerprinter_set_parts   (PrBatchFingerprinter  *batch,
                                                          gboolean               parts);
void                  pr_batch_fingerprinter_set_part_method (PrBatchFingerprinter *batch,
                                                          const PrPartMethod    *method);
void                  pr_batch_fingerprinter_set_keep_features (PrBatchFingerprinter *batch,
                                                          gboolean               keep);
void                  pr_batch_fingerprinter_set_keep_words (PrBatchFingerprinter *batch,
                                                          gboolean               keep);
gboolean              pr_batch_fingerprinter_run         (PrBatchFingerprinter  *batch,
                                                          gsize                  n_records,
                                                          const char *const     *values,
                                                          const gsize           *lengths,
                                                          PrFingerprint         *results,
                                                          gsize                 *failed_record,
                                                          GCancellable          *cancellable,
                                                          GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrBatchFingerprinter, pr_batch_fingerprinter_free)

G_END_DECLS
