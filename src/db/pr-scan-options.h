/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-pair-model.h"
#include "pr-parts.h"
#include "pr-record-set.h"
#include "pr-store.h"

G_BEGIN_DECLS

/* How a scan reads, fingerprints, pairs and judges a table, as the
 * window's scan and the CLI's scan both set it: one place, so that the
 * same table and mapping give the same clusters in both. */

/* The words as the scans read them: traditional characters folded. */
#define PR_SCAN_TOKENIZER_FLAGS PR_TOKENIZER_FOLD_TRADITIONAL

void     pr_scan_options_init         (PrLoadOptions       *load,
                                       PrPartMatchOptions  *parts);
gboolean pr_scan_options_second_stage (PrStore             *store,
                                       const char          *table,
                                       const PrMapping     *mapping,
                                       double               probability,
                                       PrPairModel         *model,
                                       PrLoadOptions       *load,
                                       PrPartMatchOptions  *parts,
                                       GError             **error);
void     pr_scan_options_candidates   (PrPartMatchOptions  *parts);

G_END_DECLS
