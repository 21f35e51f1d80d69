/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-intake.h"
#include "pr-session.h"

G_BEGIN_DECLS

#define PR_TYPE_INTAKE_PAGE (pr_intake_page_get_type ())
G_DECLARE_FINAL_TYPE (PrIntakePage, pr_intake_page, PR, INTAKE_PAGE, GtkBox)

GtkWidget  *pr_intake_page_new          (PrSession       *session,
                                         const char      *table,
                                         const PrMapping *mapping);
void        pr_intake_page_check_record (PrIntakePage    *page,
                                         const char      *record_id);
char       *pr_intake_case_describe     (const PrIntakeCase *intake_case);

G_END_DECLS
