/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-parts.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

/* The version of what the part matcher finds (pr-part-spool.c,
 * pr-parts.c): raise it with any change that can give a set other part
 * pairs or other boilerplate, so that no match kept from before is taken
 * for one of now. The petitioner evidence it asks of pr-identity-table.c
 * has its own version, PR_IDENTITY_RULES_VERSION, in the key beside it. */
#define PR_PART_MATCH_VERSION 3

guint64 pr_part_match_key (const PrRecordSet        *set,
                           const PrMapping          *mapping,
                           guint64                   mapping_version,
                           const PrPartMatchOptions *options);

G_END_DECLS
