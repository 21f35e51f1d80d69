/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The db layer's error domain (pr-db-error.h). */
#define G_LOG_DOMAIN "pr-db-error"

#include "config.h"

#include "pr-db-error.h"

G_DEFINE_QUARK (pr-db-error-quark, pr_db_error)
