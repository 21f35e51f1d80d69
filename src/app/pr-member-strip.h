/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-cluster-item.h"

G_BEGIN_DECLS

#define PR_TYPE_MEMBER_STRIP (pr_member_strip_get_type ())
G_DECLARE_FINAL_TYPE (PrMemberStrip, pr_member_strip, PR, MEMBER_STRIP, GtkWidget)

GtkWidget  *pr_member_strip_new          (void);
void        pr_member_strip_set_item     (PrMemberStrip *strip,
                                          PrClusterItem *item,
                                          guint          n_members,
                                          guint          selected);
void        pr_member_strip_select       (PrMemberStrip *strip,
                                          guint          member);
const char *pr_member_strip_verdict      (PrClusterItem *item,
                                          guint          member,
                                          const char   **css_class);

G_END_DECLS
