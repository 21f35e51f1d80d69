/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-session.h"

G_BEGIN_DECLS

#define PR_TYPE_TIMELINE_VIEW (pr_timeline_view_get_type ())
G_DECLARE_FINAL_TYPE (PrTimelineView, pr_timeline_view, PR, TIMELINE_VIEW, GtkBox)

GtkWidget *pr_timeline_view_new         (PrSession      *session);
void       pr_timeline_view_show_record (PrTimelineView *view,
                                         const char     *record_id);

G_END_DECLS
