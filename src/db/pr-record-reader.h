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

char       **pr_record_reader_fetch (PrConnection         *connection,
                                    const char           *table,
                                    const PrMapping      *mapping,
                                    const char           *id,
                                    GError              **error);

G_END_DECLS
