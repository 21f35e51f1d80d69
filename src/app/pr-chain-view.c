/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrChainView: how a cluster hangs together — its pair graph (PrPairGraph)
 * and the list of its bridges, each with a "Split Here" button that
 * activates win.split-bridge for that pair. Ctrl+B splits at the bridge
 * selected in the list.
 *
 * The graph is made when the view is shown (it sits in an expander that
 * is closed by default), not for every cluster chosen: it is a pass over
 * the scan's pairs. A cluster of more than PR_CHAIN_VIEW_MAX_DRAWN members
 * is not drawn, and its graph is made with the fewer pairs that keep the
 * same bridges (pr_scan_result_cluster_graph ()).
 */
#define G_LOG_DOMAIN "pr-chain-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-chain-view.h"
#include "pr-focus.h"

#include "pr-pair-graph.h"

/* A cluster of thousands may have thousands of bridges; a list of rows
 * that long helps no one and costs seconds to build. */
#define MAX_LISTED 200

struct _PrChainView
{
  GtkWidget      parent_instance;

  GtkWidget     *scroller;
  GtkWidget     *box;
  GtkWidget     *summary;
  GtkWidget     *graph;
  GtkWidget     *bridges_caption;
  GtkWidget     *bridge_list;

  PrSession     *session;
  PrClusterItem *item;
  gboolean       dirty;
  guint          n_bridges;
};

G_DEFINE_FINAL_TYPE (PrChainView, pr_chain_view, GTK_TYPE_WIDGET)

static void
pr_chain_view_dispose (GObject *object)
{
  PrChainView *self = PR_CHAIN_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_CHAIN_VIEW);
  g_clear_object (&self->session);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (pr_chain_view_parent_class)->dispose (object);
}

static void
clear_rows (PrChainView *self)
{
  GtkWidget *child;

  pr_focus_leave (self->bridge_list, NULL);
  while ((child = gtk_widget_get_first_child (self->bridge_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->bridge_list), child);
}

static GtkWidget *
bridge_row (PrClusterItem       *item,
            PrGraph             *graph,
            GArray              *members,
            guint                index)
{
  const PrGraphBridge *bridge = pr_graph_get_bridge (graph, index);
  const PrGraphEdge *edge = pr_graph_get_edge (graph, bridge->edge);
  const char *near = pr_cluster_item_get_member (item, g_array_index (members, guint, bridge->near))->id;
  const char *far = pr_cluster_item_get_member (item, g_array_index (members, guint, bridge->far))->id;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label, *button;
  g_autofree char *how = NULL, *beyond = NULL, *text = NULL, *accessible = NULL, *tooltip = NULL;
  gboolean confirmed = FALSE;

  for (guint32 v = 0; v < pr_graph_get_n_nodes (graph) && !confirmed; v++)
    confirmed = pr_graph_on_far_side (graph, index, v) &&
                pr_cluster_item_get_member (item, g_array_index (members, guint, v))->state == PR_MEMBER_REPEAT;

  if (edge->flags & PR_GRAPH_EDGE_WITHIN_K)
    how = g_strdup_printf (_("distance %u"), edge->distance);
  else if (!(edge->flags & PR_GRAPH_EDGE_PARTS))
    how = g_strdup_printf (_("distance %u, short texts worded alike"), edge->distance);
  else
    how = g_strdup_printf (_("distance %u, %.0f %% of the words shared"), edge->distance, edge->containment * 100);
  beyond = g_strdup_printf (ngettext ("%u record beyond it", "%u records beyond it", bridge->n_far), bridge->n_far);
  /* Translators: a bridge of the pair graph: "501 – 601: distance 3; 2 records beyond it" */
  text = g_strdup_printf (_("%s – %s: %s; %s"), near, far, how, beyond);
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);

  button = gtk_button_new_with_mnemonic (_("_Split Here"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.split-bridge");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(ss)", near, far);
  accessible = g_strdup_printf (_("Split the case between %s and %s"), near, far);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  if (confirmed)
    {
      gtk_widget_set_sensitive (button, FALSE);
      tooltip = g_strdup (_("A record beyond this bridge is marked as a repeat of the primary: undo that first"));
    }
  else
    tooltip = g_strdup_printf (_("%s and %s are not the same matter: %s and the records beyond it leave the case, "
                                 "also on later scans (Ctrl+B on the selected bridge)"), near, far, far);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_box_append (GTK_BOX (box), button);

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "near", g_strdup (near), g_free);
  g_object_set_data_full (G_OBJECT (row), "far", g_strdup (far), g_free);
  g_object_set_data (G_OBJECT (row), "button", button);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  return row;
}

static void
refresh (PrChainView *self)
{
  g_autoptr(GArray) members = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GString) summary = g_string_new (NULL);
  PrGraph *graph;
  guint n = 0;
  gboolean drawn;

  self->dirty = FALSE;
  clear_rows (self);
  self->n_bridges = 0;
  if (self->session == NULL || self->item == NULL)
    {
      pr_pair_graph_set_graph (PR_PAIR_GRAPH (self->graph), NULL, NULL);
      gtk_label_set_text (GTK_LABEL (self->summary), "");
      return;
    }

  for (guint m = 0; m < pr_cluster_item_get_n_members (self->item); m++)
    n += pr_cluster_item_get_member (self->item, m)->state != PR_MEMBER_NOT_REPEAT;
  drawn = n <= PR_CHAIN_VIEW_MAX_DRAWN;
  graph = pr_session_get_pair_graph (self->session, self->item, drawn, &members);
  self->n_bridges = pr_graph_get_n_risky_bridges (graph);

  if (!drawn)
    {
      g_string_append_printf (summary, _("This case has %u records, too many to draw: its bridges are listed only."), n);
      g_string_append_c (summary, ' ');
    }
  if (self->n_bridges == 0 && pr_graph_get_n_bridges (graph) > 0)
    g_string_append (summary, _("No bridge away from the primary: each pair that alone holds part of the case "
                                "has the primary at one end, and is judged against it."));
  else if (self->n_bridges == 0)
    g_string_append (summary, _("No bridge: every pair is on a cycle, so no single pair holds the case together."));
  else
    g_string_append_printf (summary, ngettext ("%u bridge: a pair that alone holds two parts of the case together. "
                                               "Split there if its two records are not the same matter.",
                                               "%u bridges: pairs that alone hold two parts of the case together. "
                                               "Split at one if its two records are not the same matter.",
                                               self->n_bridges), self->n_bridges);
  if (self->n_bridges > MAX_LISTED)
    {
      g_string_append_c (summary, ' ');
      g_string_append_printf (summary, _("The first %u are listed."), MAX_LISTED);
    }
  gtk_label_set_text (GTK_LABEL (self->summary), summary->str);

  /* The bridges the Risk cell counts: one with the primary at an end is
   * judged against the primary in any case. */
  for (guint b = 0, listed = 0; b < pr_graph_get_n_bridges (graph) && listed < MAX_LISTED; b++)
    if (pr_graph_bridge_is_risky (graph, b))
      {
        gtk_list_box_append (GTK_LIST_BOX (self->bridge_list), bridge_row (self->item, graph, members, b));
        listed++;
      }
  gtk_widget_set_visible (self->bridges_caption, self->n_bridges > 0);
  gtk_widget_set_visible (self->bridge_list, self->n_bridges > 0);

  gtk_widget_set_visible (self->graph, drawn);
  if (drawn)
    {
      for (guint i = 0; i < members->len; i++)
        g_ptr_array_add (labels, pr_cluster_item_get_member (self->item, g_array_index (members, guint, i))->id);
      g_ptr_array_add (labels, NULL);
      pr_pair_graph_set_graph (PR_PAIR_GRAPH (self->graph), graph, (const char *const *) labels->pdata);
    }
  else
    {
      pr_pair_graph_set_graph (PR_PAIR_GRAPH (self->graph), NULL, NULL);
      pr_graph_free (graph);
    }
}

static void
pr_chain_view_map (GtkWidget *widget)
{
  PrChainView *self = PR_CHAIN_VIEW (widget);

  GTK_WIDGET_CLASS (pr_chain_view_parent_class)->map (widget);
  if (self->dirty)
    refresh (self);
}

/* chains.split-selected (Ctrl+B): the selected bridge's Split Here. */
static void
split_selected (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PrChainView *self = PR_CHAIN_VIEW (widget);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->bridge_list));

  /* With one bridge there is nothing to choose. */
  if (row == NULL && self->n_bridges == 1)
    row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->bridge_list), 0);
  if (row == NULL || !gtk_widget_get_sensitive (g_object_get_data (G_OBJECT (row), "button")))
    {
      gtk_widget_error_bell (widget);
      return;
    }
  gtk_widget_activate_action (widget, "win.split-bridge", "(ss)",
                              (const char *) g_object_get_data (G_OBJECT (row), "near"),
                              (const char *) g_object_get_data (G_OBJECT (row), "far"));
}

static void
pr_chain_view_class_init (PrChainViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_chain_view_dispose;
  widget_class->map = pr_chain_view_map;

  g_type_ensure (PR_TYPE_PAIR_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-chain-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PrChainView, scroller);
  gtk_widget_class_bind_template_child (widget_class, PrChainView, box);
  gtk_widget_class_bind_template_child (widget_class, PrChainView, summary);
  gtk_widget_class_bind_template_child (widget_class, PrChainView, graph);
  gtk_widget_class_bind_template_child (widget_class, PrChainView, bridges_caption);
  gtk_widget_class_bind_template_child (widget_class, PrChainView, bridge_list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_install_action (widget_class, "chains.split-selected", NULL, split_selected);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK, "chains.split-selected", NULL);
}

static void
pr_chain_view_init (PrChainView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
pr_chain_view_new (void)
{
  return g_object_new (PR_TYPE_CHAIN_VIEW, NULL);
}

/**
 * pr_chain_view_set_cluster:
 * @session: (nullable): the session whose scan @item is of
 * @item: (nullable): the cluster; %NULL for none
 *
 * Shows @item's graph and bridges as it stands now: call it again after a
 * decision. Made at once when the view is shown, else when it is.
 */
void
pr_chain_view_set_cluster (PrChainView   *self,
                           PrSession     *session,
                           PrClusterItem *item)
{
  g_return_if_fail (PR_IS_CHAIN_VIEW (self));

  g_set_object (&self->session, session);
  g_set_object (&self->item, item);
  self->dirty = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
}

/* The bridges of the cluster shown, once made (0 before). */
guint
pr_chain_view_get_n_bridges (PrChainView *self)
{
  g_return_val_if_fail (PR_IS_CHAIN_VIEW (self), 0);
  return self->n_bridges;
}
