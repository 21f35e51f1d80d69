/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-connection.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

PrRecordSet *pr_record_reader_load (PrConnection         *connection,
                                    const char           *table,
                                    const PrMapping      *mapping,
                                    const PrLoadOptions  *options,
                                    PrLoadProgressFunc    progress,
                                    gpointer              progress_data,
                                    GCancellable         *cancellable,
                                    GError              **error);

/* Called for each row: values in mapping order, NULL for SQL NULL and
 * ignored columns; return FALSE to stop. */
typedef gboolean (*PrRowFunc) (const char *const *values,
                               const gsize       *lengths,
                               gpointer           user_data);

gboolean     pr_record_reader_stream (PrConnection       *connection,
                                      const char         *table,
                                      const PrMapping    *mapping,
                                      PrRowFunc           func,
                                      gpointer            user_data,
                                      GCancellable       *cancellable,
                                      GError            **error);
gboolean     pr_record_reader_date_clocks (PrConnection       *connection,
                                           const char         *table,
                                           const PrMapping    *mapping,
                                           PrLoadOptions      *options,
                                           GCancellable       *cancellable,
                                           GError            **error);
gboolean     pr_record_reader_head   (PrConnection       *connection,
                                      const char         *table,
                                      const PrMapping    *mapping,
                                      guint64             limit,
                                      PrAdvice            advice,
                                      PrRowFunc           func,
                                      gpointer            user_data,
                                      GError            **error);
char       **pr_record_reader_fetch (PrConnection         *connection,
                                    const char           *table,
                                    const PrMapping      *mapping,
                                    const char           *id,
                                    PrAdvice              advice,
                                    GError              **error);

GPtrArray   *pr_record_reader_fetch_ids (PrConnection        *connection,
                                        const char          *table,
                                        GPtrArray           *columns,
                                        const PrMapping     *mapping,
                                        char *const         *ids,
                                        gsize                n_ids,
                                        PrAdvice             advice,
                                        GCancellable        *cancellable,
                                        GError             **error);

typedef struct _PrRecordFetcher PrRecordFetcher;

PrRecordFetcher *pr_record_fetcher_new   (PrConnection       *connection,
                                          const char         *table,
                                          const PrMapping    *mapping,
                                          PrAdvice            advice,
                                          GError            **error);
char           **pr_record_fetcher_fetch (PrRecordFetcher    *fetcher,
                                          const char         *id,
                                          GError            **error);
void             pr_record_fetcher_free  (PrRecordFetcher    *fetcher);

PrRecordSet *pr_record_reader_load_ids (PrConnection       *connection,
                                       const char         *table,
                                       const PrMapping    *mapping,
                                       const PrLoadOptions *options,
                                       char *const        *ids,
                                       gsize               n_ids,
                                       GPtrArray         **missing,
                                       GCancellable       *cancellable,
                                       GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrRecordFetcher, pr_record_fetcher_free)

G_END_DECLS
