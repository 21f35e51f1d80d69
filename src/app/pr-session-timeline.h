/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-identity.h"
#include "pr-session.h"

G_BEGIN_DECLS

/* One record of a petitioner's timeline. */
typedef struct {
  char              *id;
  gint64             date;         /* seconds, or PR_DATE_NONE */
  guint32            case_number;  /* 0: in no case */
  char              *status;       /* the state as written; "" if none */
  PrIdentityEvidence evidence;     /* why the same person as the record asked about; NONE for itself */
} PrTimelineEntry;

void       pr_timeline_entry_free    (PrTimelineEntry *entry);
void       pr_session_timeline_async (PrSession           *session,
                                      const char          *record_id,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
GPtrArray *pr_session_timeline_finish (PrSession          *session,
                                       GAsyncResult       *result,
                                       GError            **error);

G_END_DECLS
