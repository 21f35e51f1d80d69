/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-scan.h"

G_BEGIN_DECLS

/* A table's last complete scan, opened from the store without reading
 * the table: its cases, and only their records from the source. */

#define PR_STORED_SCAN_ERROR (pr_stored_scan_error_quark ())
typedef enum {
  PR_STORED_SCAN_ERROR_NONE,             /* the store holds no complete scan of the table */
  PR_STORED_SCAN_ERROR_MAPPING_CHANGED,  /* the scan read the table with another mapping */
} PrStoredScanError;
GQuark pr_stored_scan_error_quark (void);

typedef struct {
  gint64   scan_id;
  gint64   finished_at;      /* unix seconds, UTC */
  guint64  mapping_version;
  char    *mapping;          /* the scan's mapping, described (pr_fingerprint_describe ()) */
  guint    k;
  PrScanCounts counts;       /* as the scan recorded them */
} PrStoredScan;

PrStoredScan *pr_store_find_last_scan (PrStore              *store,
                                       const char           *table,
                                       GError              **error);
void          pr_stored_scan_free     (PrStoredScan         *scan);
PrScanResult *pr_scan_open_stored     (PrConnection         *connection,
                                       PrStore              *store,
                                       const char           *table,
                                       const PrMapping      *mapping,
                                       const PrLoadOptions  *load_options,
                                       PrStoredScan        **scan_out,
                                       GPtrArray           **missing,
                                       GCancellable         *cancellable,
                                       GError              **error);
GArray       *pr_scan_stored_part_pairs (PrStore            *store,
                                         const char         *table,
                                         guint64             mapping_version,
                                         PrRecordSet        *set,
                                         const guint32      *group_of,
                                         const PrPartMatchOptions *options,
                                         GArray             *boilerplate,
                                         GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrStoredScan, pr_stored_scan_free)

G_END_DECLS
