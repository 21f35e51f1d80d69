/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-intake.h"
#include "pr-session.h"

G_BEGIN_DECLS

void    pr_session_intake_async  (PrSession           *session,
                                  const char          *table,
                                  const PrMapping     *mapping,
                                  const char *const   *values,
                                  const char          *record_id,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
GArray *pr_session_intake_finish (PrSession           *session,
                                  GAsyncResult        *result,
                                  gboolean            *sparse,
                                  gint64              *microseconds,
                                  PrStoredCase       **own_case,
                                  char               **notice,
                                  GError             **error);

/* Told on the main thread: @done stored records of about @total (0: not known) read. */
typedef void (*PrSessionIntakeProgress) (guint64  done,
                                         guint64  total,
                                         gpointer user_data);

void     pr_session_intake_prepare_async  (PrSession               *session,
                                           const char              *table,
                                           const PrMapping         *mapping,
                                           PrSessionIntakeProgress  progress,
                                           gpointer                 progress_data,
                                           GCancellable            *cancellable,
                                           GAsyncReadyCallback      callback,
                                           gpointer                 user_data);
gboolean pr_session_intake_prepare_finish (PrSession               *session,
                                           GAsyncResult            *result,
                                           gboolean                *loaded,
                                           GError                 **error);

G_END_DECLS
