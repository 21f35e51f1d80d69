/* pr-hand-scroll.c — the clerk's hand on a scrolled view.
 *
 * A view that brings something into view over several frames (laid out
 * late, or moved as the layout settles) must stop once the clerk scrolls
 * by hand (wheel, touchpad, scroll bar, touch, a key), else it would pull
 * the view back from where they took it. The events are seen before the
 * scroller's own handling.
 */

#include "config.h"

#include "pr-hand-scroll.h"

static void
call_hand (GtkEventController *controller,
           GObject            *owner)
{
  PrHandFunc on_hand = g_object_get_data (G_OBJECT (controller), "pr-hand-func");

  on_hand (owner);
}

static gboolean
scrolled (GtkEventControllerScroll *controller,
          double                    dx,
          double                    dy,
          GObject                  *owner)
{
  call_hand (GTK_EVENT_CONTROLLER (controller), owner);
  return GDK_EVENT_PROPAGATE;
}

static void
pressed (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         GObject         *owner)
{
  call_hand (GTK_EVENT_CONTROLLER (gesture), owner);
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             GObject               *owner)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));

  if (event == NULL || !gdk_key_event_is_modifier (event))
    call_hand (GTK_EVENT_CONTROLLER (controller), owner);
  return GDK_EVENT_PROPAGATE;
}

static void
add (GtkWidget          *scroller,
     GtkEventController *controller,
     const char         *signal,
     GCallback           handler,
     PrHandFunc          on_hand,
     gpointer            owner)
{
  g_object_set_data (G_OBJECT (controller), "pr-hand-func", on_hand);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, signal, handler, owner, 0);
  gtk_widget_add_controller (scroller, controller);
}

/* Calls @on_hand with @owner (a GObject, for as long as it lives) at each
 * scroll, click or key (not a modifier alone) in @scroller. */
void
pr_hand_scroll_watch (GtkWidget  *scroller,
                      PrHandFunc  on_hand,
                      gpointer    owner)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  add (scroller, gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES), "scroll",
       G_CALLBACK (scrolled), on_hand, owner);
  add (scroller, GTK_EVENT_CONTROLLER (click), "pressed", G_CALLBACK (pressed), on_hand, owner);
  add (scroller, gtk_event_controller_key_new (), "key-pressed", G_CALLBACK (key_pressed), on_hand, owner);
}
