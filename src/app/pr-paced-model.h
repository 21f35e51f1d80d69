/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PR_TYPE_PACED_MODEL (pr_paced_model_get_type ())
G_DECLARE_FINAL_TYPE (PrPacedModel, pr_paced_model, PR, PACED_MODEL, GObject)

typedef gboolean (*PrPacedMadeFunc) (gpointer item);

PrPacedModel *pr_paced_model_new         (GListModel   *model);
void          pr_paced_model_set_model   (PrPacedModel *self,
                                          GListModel   *model);
GListModel   *pr_paced_model_get_model   (PrPacedModel *self);
void          pr_paced_model_set_keep    (PrPacedModel *self,
                                          gpointer      item);
void          pr_paced_model_set_made_func (PrPacedModel    *self,
                                            PrPacedMadeFunc  made);
void          pr_paced_model_set_view    (PrPacedModel *self,
                                          GtkWidget    *view);
void          pr_paced_model_set_frame_wait (PrPacedModel *self,
                                             guint         frame_wait);
void          pr_paced_model_set_paused  (PrPacedModel *self,
                                          gboolean      paused);
void          pr_paced_model_set_slice   (PrPacedModel *self,
                                          guint         slice);
gboolean      pr_paced_model_get_pending (PrPacedModel *self);
gboolean      pr_paced_model_holds       (PrPacedModel *self,
                                          gpointer      item);
gboolean      pr_paced_model_step        (PrPacedModel *self);
void          pr_paced_model_flush       (PrPacedModel *self);

G_END_DECLS
