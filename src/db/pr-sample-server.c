/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A private MariaDB server for trying the application on the bundled sample
 * petitions, and for the tests: mariadbd run as the current user on a data
 * directory of its own, reachable through a unix socket only (no TCP port
 * is opened, so nothing on the network can reach it).
 *
 * The data directory is made by mariadb-install-db on first use. It gives
 * root@localhost and an account named after the --user it is given (the
 * current user) unix_socket authentication and every privilege, so the
 * current user connects through the socket without a password and no
 * account has one.
 *
 * Layout of the base directory:
 *   data/          the server's data directory
 *   tmp/           its temporary files (not the shared /tmp: private, and
 *                  out of reach of whatever cleans /tmp)
 *   mariadb.sock   the socket (or in the runtime dir if the path is too long)
 *   mariadbd.pid   mariadbd.log
 */
#define G_LOG_DOMAIN "pr-sample-server"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/un.h>
#include <unistd.h>

#include "pr-connection-private.h"
#include "pr-csv-reader.h"
#include "pr-date.h"
#include "pr-sample-server.h"
#include "pr-sample-server-private.h"
#include "pr-statement-private.h"

/* A cold start of InnoDB on a slow disk takes a few seconds; a server that
 * is not up after this long is not coming up. */
#define START_TIMEOUT_MS 30000
/* A clean shutdown flushes the buffer pool, at most 256 MiB here. */
#define STOP_TIMEOUT_MS 60000
#define KILL_TIMEOUT_MS 10000
/* A server left running that has not stopped in this long is stuck. */
#define ORPHAN_STOP_TIMEOUT_MS 20000
#define POLL_INTERVAL_US (25 * 1000)
/* Enough of a log to show why the server stopped, not the whole history. */
#define LOG_TAIL_BYTES 2000

/* Where the marker of a completed load is kept: apart from the petitions,
 * so that the sample database holds only the sample table. */
#define META_DATABASE "petition_review_sample"

struct _PrSampleServer
{
  char         *base_dir;
  char         *data_dir;
  char         *socket;
  char         *pid_file;
  int           owner_lock;     /* fd of base_dir/owner.lock, held (flock) while we own the server; -1 */
  char         *log_file;
  char         *tmp_dir;
  char         *user;
  char         *database;       /* NULL for an empty server */
  gboolean      throwaway;
  int           death_signal;  /* see setup_child () */
  GStrv         server_options; /* a test's own mariadbd options, or NULL */

  GSubprocess  *process;
  /* The wait for the process's exit completes in this private context,
   * which start, stop and free iterate; so no main loop is needed. */
  GMainContext *context;
  GCancellable *wait_cancellable;
  gboolean      wait_done;
  gboolean      exited;
  gboolean      exit_reported;  /* start's error already told how it ended */
  gboolean      ready;          /* it has accepted a connection */
  goffset       log_start;      /* size of the log before this run */

  gboolean      initialised;
  gboolean      loaded;
};

static void
on_wait_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  PrSampleServer *self = user_data;

  self->exited = g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  self->wait_done = TRUE;
}

/* Returns TRUE once the process has exited, FALSE after @timeout_ms. */
static gboolean
wait_for_exit (PrSampleServer *self,
               guint           timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  for (;;)
    {
      while (g_main_context_iteration (self->context, FALSE))
        ;
      if (self->wait_done || g_get_monotonic_time () >= deadline)
        break;
      g_usleep (POLL_INTERVAL_US);
    }

  return self->exited;
}

/* The server's own explanation: the end of what it wrote to its log in
 * this run. */
static char *
read_log_tail (PrSampleServer *self)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  gsize start;
  const char *tail;

  if (!g_file_get_contents (self->log_file, &contents, &length, NULL))
    return g_strdup (_("(the server wrote no log)"));

  start = (gsize) self->log_start <= length ? (gsize) self->log_start : 0;
  if (length - start > LOG_TAIL_BYTES)
    {
      const char *line = memchr (contents + length - LOG_TAIL_BYTES, '\n', LOG_TAIL_BYTES);

      start = line != NULL ? (gsize) (line + 1 - contents) : length - LOG_TAIL_BYTES;
    }
  tail = contents + start;
  if (*tail == '\0')
    return g_strdup (_("(nothing in the server's log)"));

  return g_utf8_make_valid (tail, length - start);
}

static char *
describe_exit (GSubprocess *process)
{
  if (g_subprocess_get_if_exited (process))
    /* Translators: this and the next two end "the sample server …" and
     * "mariadb-install-db …" in the messages that say why it stopped. */
    return g_strdup_printf (_("exited with status %d"), g_subprocess_get_exit_status (process));
  if (g_subprocess_get_if_signaled (process))
    return g_strdup_printf (_("was killed by signal %d"), g_subprocess_get_term_sig (process));
  return g_strdup (_("ended"));
}

/**
 * pr_sample_server_find_program:
 * @names: (array zero-terminated=1): the program's names, the first
 *   preferred
 *
 * Where the program the server runs by one of @names is: on PATH, or in
 * /usr/sbin and its kin, since mariadbd lives in /usr/sbin, which is not on
 * every user's PATH.
 *
 * Returns: (transfer full) (nullable): its path, or %NULL
 */
char *
pr_sample_server_find_program (const char *const *names)
{
  static const char *const dirs[] = { "/usr/sbin", "/usr/local/sbin", "/usr/libexec", "/sbin", NULL };

  for (guint i = 0; names[i] != NULL; i++)
    {
      char *path = g_find_program_in_path (names[i]);

      if (path != NULL)
        return path;
      for (guint j = 0; dirs[j] != NULL; j++)
        {
          path = g_build_filename (dirs[j], names[i], NULL);
          if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
            return path;
          g_free (path);
        }
    }

  return NULL;
}

static gboolean
remove_tree (const char  *path,
             GError     **error)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, error);
      const char *name;

      if (dir == NULL)
        return FALSE;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (!remove_tree (child, error))
            return FALSE;
        }
    }

  if (g_remove (path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("cannot remove %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }

  return TRUE;
}

/* A unix socket's path must fit sockaddr_un (108 bytes on Linux, with the
 * NUL). A deep home directory can exceed that; the runtime directory is
 * short, and the name made from the base directory keeps two servers apart. */
static char *
choose_socket_path (const char  *base_dir,
                    GError     **error)
{
  g_autofree char *path = g_build_filename (base_dir, "mariadb.sock", NULL);
  g_autofree char *digest = NULL;
  g_autofree char *name = NULL;
  /* mariadbd also makes PATH.lock beside the socket. */
  const gsize limit = sizeof (((struct sockaddr_un *) NULL)->sun_path) - 1 - strlen (".lock");

  if (strlen (path) <= limit)
    return g_steal_pointer (&path);

  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, base_dir, -1);
  name = g_strdup_printf ("petition-review-%.16s.sock", digest);
  g_free (path);
  path = g_build_filename (g_get_user_runtime_dir (), name, NULL);
  if (strlen (path) <= limit)
    return g_steal_pointer (&path);

  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
               _("the sample server's socket path %s is longer than the %zu bytes a unix socket allows; "
                 "choose a shorter base directory"), path, limit);
  return NULL;
}

static PrConnectionParams *
make_params (PrSampleServer *self,
             const char     *database)
{
  PrConnectionParams *params = pr_connection_params_new ();

  params->host = g_strdup ("localhost");
  params->socket = g_strdup (self->socket);
  params->user = g_strdup (self->user);
  params->database = g_strdup (database);
  params->connect_timeout = 5;

  return params;
}

static gboolean
run_install_db (PrSampleServer  *self,
                GCancellable    *cancellable,
                GError         **error)
{
  static const char *const names[] = { "mariadb-install-db", "mysql_install_db", NULL };
  g_autofree char *program = pr_sample_server_find_program (names);
  g_autofree char *new_dir = g_strconcat (self->data_dir, ".new", NULL);
  g_autofree char *user_arg = g_strdup_printf ("--user=%s", self->user);
  g_autofree char *datadir_arg = g_strdup_printf ("--datadir=%s", new_dir);
  g_autofree char *tmpdir_arg = g_strdup_printf ("--tmpdir=%s", self->tmp_dir);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) output = NULL;
  g_autoptr(GError) local_error = NULL;

  if (program == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                   _("mariadb-install-db was not found; install the package mariadb-server"));
      return FALSE;
    }

  /* A run cut short leaves a half-made directory: start again from nothing.
   * Only a complete one is renamed to data/, so data/ is always whole. */
  if (!remove_tree (new_dir, error))
    return FALSE;

  /* --force: install-db refuses to run where the host's own name does not
   * resolve (a container or chroot without /etc/hosts), even with
   * --skip-name-resolve; this server takes no network connections, and its
   * only accounts log in through the socket, so host names do not matter. */
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, error,
                              program, "--no-defaults", user_arg, datadir_arg, tmpdir_arg,
                              "--auth-root-authentication-method=socket", "--skip-test-db",
                              "--skip-name-resolve", "--force", "--innodb-log-file-size=16M", NULL);
  if (process == NULL)
    return FALSE;

  if (!g_subprocess_communicate (process, NULL, cancellable, &output, NULL, &local_error))
    {
      g_subprocess_force_exit (process);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (!g_subprocess_get_successful (process))
    {
      g_autofree char *how = describe_exit (process);
      gsize length = 0;
      const char *text = g_bytes_get_data (output, &length);
      gsize start = length > LOG_TAIL_BYTES ? length - LOG_TAIL_BYTES : 0;
      g_autofree char *tail = g_utf8_make_valid (text != NULL ? text + start : "", length - start);

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                   _("mariadb-install-db %s while making %s:\n%s"), how, new_dir, tail);
      return FALSE;
    }

  if (g_rename (new_dir, self->data_dir) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                   _("cannot rename %s to %s: %s"), new_dir, self->data_dir, g_strerror (saved_errno));
      return FALSE;
    }

  self->initialised = TRUE;
  return TRUE;
}

/* What the forked child needs to know before exec. */
typedef struct {
  pid_t parent;
  int   death_signal;  /* sent by the kernel when the starting thread ends; 0: none */
} ChildSetup;

/* The private server shares the reviewer's cores with the window: at nice
 * 10, as the scan's threads are, a scan reading from it leaves the main
 * loop its share. A server of the office is on another machine.
 *
 * A throwaway server (tests) must not outlive the process that uses it,
 * even one killed by a failed assertion, nor one a command started for its
 * run outlive the command killed: the kernel kills it when the starting
 * thread ends. SIGKILL, not SIGTERM's clean shutdown: a server told to stop
 * while it is still starting can hang for good (MariaDB 10.11 waits in
 * init_slave with nobody left to take the signal), and InnoDB's recovery
 * at the next start makes good every committed transaction. */
static void
setup_child (gpointer user_data)
{
  const ChildSetup *setup = user_data;

  setpriority (PRIO_PROCESS, 0, 10);
  if (setup->death_signal != 0)
    {
      prctl (PR_SET_PDEATHSIG, setup->death_signal);
      if (getppid () != setup->parent)
        _exit (1);
    }
}

/* Takes base_dir/owner.lock for as long as this object lives; the kernel
 * lets it go when the process ends, however it ends. */
static gboolean
take_owner_lock (PrSampleServer  *self,
                 GError         **error)
{
  g_autofree char *path = g_build_filename (self->base_dir, "owner.lock", NULL);
  int fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

  if (fd < 0 || flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      if (fd >= 0)
        close (fd);
      if (saved_errno == EWOULDBLOCK)
        g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                     _("another Petition Review is using the sample server in %s; close it first"),
                     self->base_dir);
      else
        g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                     _("cannot lock %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  self->owner_lock = fd;
  return TRUE;
}

/* Whether @pid has ended: no such process, or a zombie its new parent has
 * not reaped yet. */
static gboolean
process_gone (pid_t pid)
{
  g_autofree char *stat_path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  const char *state;

  if (kill (pid, 0) != 0)
    return TRUE;
  if (!g_file_get_contents (stat_path, &stat, NULL, NULL))
    return TRUE;
  /* "pid (comm) S ...": the state follows the last parenthesis. */
  state = strrchr (stat, ')');
  return state != NULL && state[1] == ' ' && state[2] == 'Z';
}

static gboolean
wait_until_gone (pid_t pid,
                 guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!process_gone (pid))
    {
      if (g_get_monotonic_time () >= deadline)
        return FALSE;
      g_usleep (POLL_INTERVAL_US);
    }
  return TRUE;
}

/* The process running a server on our data directory, by its pid file, or
 * 0: the file may be stale and its number reused since, so the process
 * must still be a mariadbd started with our --datadir. */
static pid_t
find_server_on_our_data (PrSampleServer *self)
{
  g_autofree char *datadir_arg = g_strdup_printf ("--datadir=%s", self->data_dir);
  g_autofree char *text = NULL;
  g_autofree char *cmdline_path = NULL;
  g_autofree char *cmdline = NULL;
  gsize length = 0;
  guint64 pid = 0;

  if (!g_file_get_contents (self->pid_file, &text, NULL, NULL) ||
      !g_ascii_string_to_unsigned (g_strstrip (text), 10, 2, G_MAXINT, &pid, NULL) ||
      process_gone ((pid_t) pid))
    return 0;
  cmdline_path = g_strdup_printf ("/proc/%" G_GUINT64_FORMAT "/cmdline", pid);
  if (!g_file_get_contents (cmdline_path, &cmdline, &length, NULL))
    return 0;
  for (gsize at = 0; at < length; at += strlen (cmdline + at) + 1)
    if (strcmp (cmdline + at, datadir_arg) == 0)
      return (pid_t) pid;
  return 0;
}

/* Holding the owner's lock, any server on our data was left by a Petition
 * Review that was killed: it is asked to stop (SIGTERM, a clean shutdown)
 * and waited for, so that its data is ours to start again. A server told
 * to stop while it was still starting can hang for good (MariaDB 10.11
 * waits in init_slave with nobody left to take the signal), so one that
 * does not stop is killed; InnoDB's recovery at our start makes good what
 * it had committed. */
static gboolean
stop_orphan (PrSampleServer  *self,
             GError         **error)
{
  pid_t pid = find_server_on_our_data (self);

  if (pid == 0)
    {
      g_autoptr(PrConnectionParams) params = make_params (self, NULL);
      g_autoptr(PrConnection) connection = pr_connection_open (params, NULL);

      if (connection == NULL)
        return TRUE;
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                   _("a sample server left running answers on %s, and its process is not known (%s); "
                     "stop it by hand"), self->socket, self->pid_file);
      return FALSE;
    }

  g_message ("stopping the sample server left running by an earlier Petition Review (process %d)", (int) pid);
  kill (pid, SIGTERM);
  if (wait_until_gone (pid, ORPHAN_STOP_TIMEOUT_MS))
    return TRUE;
  g_message ("the sample server left running (process %d) does not stop within %d s; killing it",
             (int) pid, ORPHAN_STOP_TIMEOUT_MS / 1000);
  kill (pid, SIGKILL);
  if (wait_until_gone (pid, KILL_TIMEOUT_MS))
    return TRUE;
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
               _("the sample server left running (process %llu) does not stop"), (unsigned long long) pid);
  return FALSE;
}

static gboolean
spawn_server (PrSampleServer  *self,
              GError         **error)
{
  static const char *const names[] = { "mariadbd", "mysqld", NULL };
  g_autofree char *program = pr_sample_server_find_program (names);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  ChildSetup setup;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFile) log = g_file_new_for_path (self->log_file);

  if (program == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                   _("mariadbd was not found; install the package mariadb-server"));
      return FALSE;
    }

  info = g_file_query_info (log, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  self->log_start = info != NULL ? g_file_info_get_size (info) : 0;

  /* --no-defaults must come first: no my.cnf of the machine applies. */
  g_ptr_array_add (argv, g_strdup (program));
  g_ptr_array_add (argv, g_strdup ("--no-defaults"));
  g_ptr_array_add (argv, g_strdup_printf ("--user=%s", self->user));
  g_ptr_array_add (argv, g_strdup_printf ("--datadir=%s", self->data_dir));
  g_ptr_array_add (argv, g_strdup_printf ("--socket=%s", self->socket));
  g_ptr_array_add (argv, g_strdup_printf ("--pid-file=%s", self->pid_file));
  g_ptr_array_add (argv, g_strdup_printf ("--log-error=%s", self->log_file));
  g_ptr_array_add (argv, g_strdup_printf ("--tmpdir=%s", self->tmp_dir));
  g_ptr_array_add (argv, g_strdup ("--skip-networking"));
  g_ptr_array_add (argv, g_strdup ("--skip-name-resolve"));
  g_ptr_array_add (argv, g_strdup ("--character-set-server=utf8mb4"));
  g_ptr_array_add (argv, g_strdup ("--collation-server=utf8mb4_unicode_ci"));
  /* The tests' throwaway servers stay small, to start fast; the sample
   * server a reviewer scans a million petitions on holds the store's
   * indexes in memory: with 32 MB, storing 10^6 fingerprints took minutes
   * of disk writes. */
  g_ptr_array_add (argv, g_strdup (self->throwaway ? "--innodb-buffer-pool-size=32M"
                                                   : "--innodb-buffer-pool-size=256M"));
  g_ptr_array_add (argv, g_strdup (self->throwaway ? "--innodb-log-file-size=16M"
                                                   : "--innodb-log-file-size=128M"));
  /* Last, so that mariadbd lets them override the ones above. */
  for (guint i = 0; self->server_options != NULL && self->server_options[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (self->server_options[i]));
  g_ptr_array_add (argv, NULL);

  /* Its output goes to its log; a server left running must also not hold
   * our stdout open (a test runner would wait for it). */
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_INHERIT |
                                        G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  setup = (ChildSetup) { getpid (), self->death_signal };
  g_subprocess_launcher_set_child_setup (launcher, setup_child, &setup, NULL);

  self->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, error);
  if (self->process == NULL)
    return FALSE;

  self->wait_done = FALSE;
  self->exited = FALSE;
  g_clear_object (&self->wait_cancellable);
  self->wait_cancellable = g_cancellable_new ();
  g_main_context_push_thread_default (self->context);
  g_subprocess_wait_async (self->process, self->wait_cancellable, on_wait_done, self);
  g_main_context_pop_thread_default (self->context);

  return TRUE;
}

static gboolean
retry_connecting (const GError *error)
{
  /* Until the socket exists nobody answers; while the server is still
   * setting up it may drop the handshake. */
  return g_error_matches (error, PR_DB_ERROR, PR_DB_ERROR_CONNECT) ||
         g_error_matches (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_GONE);
}

static PrConnection *
wait_until_ready (PrSampleServer  *self,
                  GCancellable    *cancellable,
                  GError         **error)
{
  g_autoptr(PrConnectionParams) params = make_params (self, NULL);
  gint64 deadline = g_get_monotonic_time () + START_TIMEOUT_MS * G_GINT64_CONSTANT (1000);

  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      PrConnection *connection;

      while (g_main_context_iteration (self->context, FALSE))
        ;
      if (self->wait_done)
        {
          g_autofree char *how = describe_exit (self->process);
          g_autofree char *tail = read_log_tail (self);

          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                       _("the sample server %s before it accepted connections; its log %s says:\n%s"),
                       how, self->log_file, tail);
          self->exit_reported = TRUE;
          return NULL;
        }

      connection = pr_connection_open (params, &local_error);
      if (connection != NULL)
        return connection;
      if (!retry_connecting (local_error))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                      _("the sample server started but refused us: "));
          return NULL;
        }

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (g_get_monotonic_time () >= deadline)
        {
          g_autofree char *tail = read_log_tail (self);

          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                       /* Translators: the last %s is the last try's own error */
                       _("the sample server did not accept connections on %s within %d s; "
                         "its log %s says:\n%s\nThe last try: %s"),
                       self->socket, START_TIMEOUT_MS / 1000, self->log_file, tail, local_error->message);
          return NULL;
        }
      g_usleep (POLL_INTERVAL_US);
    }
}

/* Runs @sql and gives the first column of its first row as a number, -1
 * when there is no row. */
static gboolean
query_number (PrConnection  *connection,
              const char    *sql,
              gint64        *out_value,
              GError       **error)
{
  MYSQL *handle = _pr_connection_get_handle (connection);
  MYSQL_RES *result;
  MYSQL_ROW row;

  if (mysql_real_query (handle, sql, strlen (sql)) != 0)
    return _pr_db_set_error (error, handle, _("a query on the sample server failed"));
  result = mysql_store_result (handle);
  if (result == NULL)
    return _pr_db_set_error (error, handle, _("a query on the sample server returned no result"));

  row = mysql_fetch_row (result);
  *out_value = row != NULL && row[0] != NULL ? g_ascii_strtoll (row[0], NULL, 10) : -1;
  mysql_free_result (result);

  return TRUE;
}

enum {
  COL_ID,
  COL_PETITIONER,
  COL_PHONE,
  COL_ADDRESS,
  COL_CATEGORY,
  COL_SUBJECT,
  COL_BODY,
  COL_NAME,
  COL_ID_CARD,
  COL_CONTACT_PHONE,
  COL_RECEIVING_UNIT,
  COL_STATUS,
  COL_SUBMITTED_AT,
  COL_ACCEPTED_AT,
  N_COLUMNS
};

/* In the order of the INSERT below: the text columns from COL_PETITIONER
 * to COL_STATUS, then the dates. */
static const char *const column_names[N_COLUMNS] = {
  "id", "petitioner", "phone", "address", "category", "subject", "body", "name", "id_card", "contact_phone",
  "receiving_unit", "status", "submitted_at", "accepted_at",
};

/* The layout of the loaded table: a sample loaded with another is loaded
 * again. */
#define SAMPLE_LAYOUT 2

/* A date of the file into @date; FALSE for an empty one. */
static gboolean
read_date (const char *text,
           MYSQL_TIME *date)
{
  g_autoptr(GDateTime) dt = NULL;
  gint64 seconds = 0;

  if (!pr_date_parse (text, &seconds))
    return FALSE;
  dt = g_date_time_new_from_unix_utc (seconds);
  date->year = g_date_time_get_year (dt);
  date->month = g_date_time_get_month (dt);
  date->day = g_date_time_get_day_of_month (dt);
  date->hour = g_date_time_get_hour (dt);
  date->minute = g_date_time_get_minute (dt);
  date->second = g_date_time_get_second (dt);
  date->time_type = MYSQL_TIMESTAMP_DATETIME;
  return TRUE;
}

/* Inserts every record of @path through one prepared statement, inside the
 * caller's transaction. Returns the number of rows, or -1. */
static gint64
insert_sample (PrConnection  *connection,
               const char    *path,
               GCancellable  *cancellable,
               GError       **error)
{
  static const char insert_sql[] =
    "INSERT INTO petitions.petitions (id, petitioner, phone, address, category, subject, body, name, id_card, "
    "contact_phone, receiving_unit, status, submitted_at, accepted_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  g_autoptr(PrCsvReader) reader = NULL;
  MYSQL_STMT *stmt = NULL;
  MYSQL_BIND bind[N_COLUMNS];
  unsigned long lengths[N_COLUMNS];
  my_bool date_is_null = 0, accepted_is_null = 0;
  MYSQL_TIME date, accepted;
  gint32 id = 0;
  int index[N_COLUMNS];
  gint64 rows = 0;

  reader = pr_csv_reader_new_for_path (path, "UTF-8", error);
  if (reader == NULL)
    return -1;
  if (!pr_csv_reader_next (reader, cancellable, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START, _("the sample file %s is empty"), path);
      return -1;
    }
  for (guint i = 0; i < N_COLUMNS; i++)
    {
      index[i] = pr_csv_reader_find_field (reader, column_names[i]);
      if (index[i] < 0)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                       _("the sample file %s has no column “%s”"), path, column_names[i]);
          return -1;
        }
    }

  stmt = _pr_statement_prepare (connection, insert_sql, _("cannot prepare the sample's INSERT"), error);
  if (stmt == NULL)
    return -1;

  memset (&date, 0, sizeof date);
  memset (&accepted, 0, sizeof accepted);
  _pr_statement_bind_i32 (&bind[COL_ID], &id);
  _pr_statement_bind_datetime (&bind[COL_SUBMITTED_AT], &date, &date_is_null);
  _pr_statement_bind_datetime (&bind[COL_ACCEPTED_AT], &accepted, &accepted_is_null);

  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *what = NULL;
      const char *id_text;
      gint64 value = 0;

      if (!pr_csv_reader_next (reader, cancellable, &local_error))
        {
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              rows = -1;
            }
          break;
        }
      for (guint i = 0; i < N_COLUMNS; i++)
        if ((guint) index[i] >= pr_csv_reader_get_n_fields (reader))
          {
            g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                         _("%s, line %llu: the record has no field “%s”"),
                         path, (unsigned long long) pr_csv_reader_get_line (reader), column_names[i]);
            rows = -1;
            goto out;
          }

      id_text = pr_csv_reader_get_field (reader, index[COL_ID], NULL);
      if (!g_ascii_string_to_signed (id_text, 10, 1, G_MAXINT32, &value, NULL))
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                       _("%s, line %llu: the id “%s” is not a positive number"),
                       path, (unsigned long long) pr_csv_reader_get_line (reader), id_text);
          rows = -1;
          goto out;
        }
      id = (int) value;

      for (guint i = COL_PETITIONER; i <= COL_STATUS; i++)
        {
          gsize length = 0;
          /* The reader's buffer holds until the next record: the statement
           * runs before that. */
          const char *field = pr_csv_reader_get_field (reader, index[i], &length);

          _pr_statement_bind_text (&bind[i], field, length, &lengths[i]);
        }

      date_is_null = !read_date (pr_csv_reader_get_field (reader, index[COL_SUBMITTED_AT], NULL), &date);
      accepted_is_null = !read_date (pr_csv_reader_get_field (reader, index[COL_ACCEPTED_AT], NULL), &accepted);

      what = g_strdup_printf (_("cannot load %s, line %llu"),
                              path, (unsigned long long) pr_csv_reader_get_line (reader));
      if (!_pr_statement_execute (stmt, bind, what, error))
        {
          rows = -1;
          goto out;
        }
      rows++;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          rows = -1;
          goto out;
        }
    }

out:
  mysql_stmt_close (stmt);
  return rows;
}

/* Makes the sample database and loads @csv_path into it, unless an earlier
 * start completed that. The rows and the marker of a completed load are
 * committed together, so a load cut short is redone from the start. */
static gboolean
load_sample (PrSampleServer  *self,
             PrConnection    *connection,
             const char      *csv_path,
             GCancellable    *cancellable,
             GError         **error)
{
  static const char *const setup[] = {
    "CREATE DATABASE IF NOT EXISTS petitions CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci",
    "CREATE DATABASE IF NOT EXISTS " META_DATABASE " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci",
    /* Empty, for the application's tables: the manual's "scan --store
     * petition_review" then works on the sample as on a real server. */
    "CREATE DATABASE IF NOT EXISTS petition_review CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci",
    "CREATE TABLE IF NOT EXISTS " META_DATABASE ".sample_load ("
    "  id INT PRIMARY KEY, source VARCHAR(1024) NOT NULL, rows_loaded INT NOT NULL, loaded_at DATETIME NOT NULL"
    ") ENGINE=InnoDB",
  };
  static const char *const create[] = {
    /* No marker of this layout, so no committed load of it: at most an
     * older layout, or an empty table that an
     * interrupted load created (DDL commits on its own). */
    "DROP TABLE IF EXISTS petitions.petitions",
    "CREATE TABLE petitions.petitions ("
    /* The comments are the columns' names for people, as a petition
     * office's own table would have them: the window shows them. */
    "  id INT PRIMARY KEY COMMENT '编号',"
    "  petitioner VARCHAR(64) COMMENT '信访人',"
    "  phone VARCHAR(32) COMMENT '联系电话',"
    "  address VARCHAR(255) COMMENT '住址',"
    "  category VARCHAR(32) COMMENT '类别',"
    "  subject VARCHAR(255) COMMENT '事由',"
    "  body TEXT COMMENT '信访内容',"
    "  submitted_at DATETIME NULL COMMENT '来信日期',"
    "  name VARCHAR(64) COMMENT '姓名',"
    "  id_card VARCHAR(64) COMMENT '身份证号',"
    "  contact_phone VARCHAR(128) COMMENT '联系方式',"
    "  receiving_unit VARCHAR(64) COMMENT '受理单位',"
    "  status VARCHAR(16) COMMENT '办理状态',"
    "  accepted_at DATE NULL COMMENT '受理日期'"
    ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
    "START TRANSACTION",
  };
  static const char marker_sql[] =
    "INSERT INTO " META_DATABASE ".sample_load (id, source, rows_loaded, loaded_at) VALUES (?, ?, ?, NOW())";
  g_autofree char *source = g_path_get_basename (csv_path);
  unsigned long source_length;
  MYSQL_BIND bind[3];
  gint32 layout = SAMPLE_LAYOUT;
  gint64 marker = 0;
  gint64 rows;
  gint32 rows_int;

  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    if (!pr_connection_execute (connection, setup[i], error))
      return FALSE;
  if (!query_number (connection, "SELECT COUNT(*) FROM " META_DATABASE ".sample_load WHERE id = "
                     G_STRINGIFY (SAMPLE_LAYOUT), &marker, error))
    return FALSE;
  if (marker > 0)
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (create); i++)
    if (!pr_connection_execute (connection, create[i], error))
      return FALSE;

  rows = insert_sample (connection, csv_path, cancellable, error);
  if (rows < 0)
    {
      pr_connection_execute (connection, "ROLLBACK", NULL);
      return FALSE;
    }
  rows_int = (gint32) MIN (rows, G_MAXINT32);

  _pr_statement_bind_i32 (&bind[0], &layout);
  _pr_statement_bind_string (&bind[1], source, &source_length);
  _pr_statement_bind_i32 (&bind[2], &rows_int);
  /* An older layout's marker goes with it. */
  if (!pr_connection_execute (connection, "DELETE FROM " META_DATABASE ".sample_load", error) ||
      !_pr_statement_run (connection, marker_sql, bind, NULL, NULL, _("cannot mark the sample as loaded"), error))
    {
      pr_connection_execute (connection, "ROLLBACK", NULL);
      return FALSE;
    }

  if (!pr_connection_execute (connection, "COMMIT", error))
    return FALSE;

  self->loaded = TRUE;
  g_debug ("loaded %" G_GINT64_FORMAT " sample petitions from %s", rows, csv_path);
  return TRUE;
}

static PrSampleServer *
start (const char         *base_dir,
       const char         *csv_path,
       gboolean            throwaway,
       int                 death_signal,
       const char * const *server_options,
       GCancellable       *cancellable,
       GError            **error)
{
  g_autoptr(PrSampleServer) self = g_new0 (PrSampleServer, 1);
  g_autoptr(PrConnection) connection = NULL;

  self->owner_lock = -1;
  self->context = g_main_context_new ();
  self->throwaway = throwaway;
  self->death_signal = death_signal;
  self->server_options = g_strdupv ((char **) server_options);
  /* The account install-db makes for --user, and the one we connect as.
   * As root, mariadbd insists on --user=root; as anyone else --user names
   * oneself, which it accepts with a warning. */
  self->user = g_strdup (g_get_user_name ());
  self->base_dir = base_dir != NULL
    ? g_strdup (base_dir)
    : g_build_filename (g_get_user_data_dir (), "petition-review", "sample-server", NULL);
  self->data_dir = g_build_filename (self->base_dir, "data", NULL);
  self->pid_file = g_build_filename (self->base_dir, "mariadbd.pid", NULL);
  self->log_file = g_build_filename (self->base_dir, "mariadbd.log", NULL);
  self->tmp_dir = g_build_filename (self->base_dir, "tmp", NULL);
  self->socket = choose_socket_path (self->base_dir, error);
  if (self->socket == NULL)
    return NULL;

  if (g_mkdir_with_parents (self->base_dir, 0700) != 0 || g_mkdir_with_parents (self->tmp_dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START,
                   _("cannot make the sample server's directory %s: %s"), self->tmp_dir, g_strerror (saved_errno));
      return NULL;
    }

  /* The owner's lock says whether a server on our data belongs to another
   * Petition Review (it holds the lock) or was left behind by one that was
   * killed (nobody holds it): that one is stopped and replaced. */
  if (!take_owner_lock (self, error) || !stop_orphan (self, error))
    return NULL;

  if (!g_file_test (self->data_dir, G_FILE_TEST_IS_DIR) && !run_install_db (self, cancellable, error))
    return NULL;

  if (!spawn_server (self, error))
    return NULL;
  connection = wait_until_ready (self, cancellable, error);
  if (connection == NULL)
    return NULL;
  self->ready = TRUE;

  if (csv_path != NULL)
    {
      self->database = g_strdup (PR_SAMPLE_SERVER_DATABASE);
      if (!load_sample (self, connection, csv_path, cancellable, error))
        return NULL;
    }

  return g_steal_pointer (&self);
}

/**
 * pr_sample_server_start:
 * @base_dir: (nullable): the server's directory; %NULL for
 *   g_get_user_data_dir()/petition-review/sample-server
 * @sample_csv: the sample petitions (data/sample-petitions.csv, installed
 *   as $datadir/petition-review/sample-petitions.csv)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Starts a private mariadbd as the current user, reachable only through a
 * unix socket. On first use the data directory is made (about two
 * seconds) and @sample_csv is loaded into the table `petitions` of the
 * database `petitions`; later starts find both there. Blocks until the
 * server accepts connections: call it off the main thread.
 *
 * Returns: (transfer full) (nullable): the running server, to be stopped
 *   with pr_sample_server_stop() or pr_sample_server_free(); %NULL with
 *   %PR_DB_ERROR_SERVER_START (and the end of the server's log), a
 *   #PrCsvError for an unreadable sample, or another %PR_DB_ERROR
 */
PrSampleServer *
pr_sample_server_start (const char    *base_dir,
                        const char    *sample_csv,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_return_val_if_fail (sample_csv != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return start (base_dir, sample_csv, FALSE, 0, NULL, cancellable, error);
}

/**
 * pr_sample_server_start_for_run:
 * @base_dir: (nullable): as pr_sample_server_start()
 * @sample_csv: as pr_sample_server_start()
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * pr_sample_server_start() for a command that needs the server for one
 * run: the kernel kills the server when the calling thread ends, so that a
 * command killed leaves no server behind (what it committed is recovered
 * at the next start). Call it from the thread that lives as long as the
 * run, the main thread, and stop the server with pr_sample_server_stop()
 * when the run ends normally.
 *
 * Returns: (transfer full) (nullable): as pr_sample_server_start()
 */
PrSampleServer *
pr_sample_server_start_for_run (const char    *base_dir,
                                const char    *sample_csv,
                                GCancellable  *cancellable,
                                GError       **error)
{
  g_return_val_if_fail (sample_csv != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return start (base_dir, sample_csv, FALSE, SIGKILL, NULL, cancellable, error);
}

/**
 * pr_sample_server_start_empty:
 * @dir: an existing, short directory the server may fill (a temporary one)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * A throwaway server for tests: no database is made and nothing loaded;
 * connect with pr_sample_server_get_admin_params(). The kernel kills the
 * server if the thread that started it ends without stopping it.
 *
 * Returns: (transfer full) (nullable): the running server, or %NULL as
 *   pr_sample_server_start()
 */
PrSampleServer *
pr_sample_server_start_empty (const char    *dir,
                              GCancellable  *cancellable,
                              GError       **error)
{
  return pr_sample_server_start_empty_with_options (dir, NULL, cancellable, error);
}

/**
 * pr_sample_server_start_empty_with_options:
 * @dir: an existing, short directory the server may fill (a temporary one)
 * @server_options: (nullable) (array zero-terminated=1): more mariadbd
 *   options, such as `--ssl-cert=FILE`; they come after the usual ones,
 *   so one of them overrides a usual one
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * As pr_sample_server_start_empty(), for a test that needs the server set
 * up its own way (TLS, say). A later start on the same @dir reuses the
 * data directory, with whatever options that start gives.
 *
 * Returns: (transfer full) (nullable): the running server, or %NULL as
 *   pr_sample_server_start()
 */
PrSampleServer *
pr_sample_server_start_empty_with_options (const char         *dir,
                                           const char * const *server_options,
                                           GCancellable       *cancellable,
                                           GError            **error)
{
  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return start (dir, NULL, TRUE, SIGKILL, server_options, cancellable, error);
}

/**
 * pr_sample_server_get_params:
 * @self: a running #PrSampleServer
 *
 * Returns: (transfer full): how to connect to the sample database: the
 *   socket, the current user (no password: unix_socket authentication)
 *   and the database `petitions` (none for an empty server)
 */
PrConnectionParams *
pr_sample_server_get_params (PrSampleServer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return make_params (self, self->database);
}

/**
 * pr_sample_server_get_admin_params:
 * @self: a running #PrSampleServer
 *
 * Returns: (transfer full): as pr_sample_server_get_params() but with no
 *   database; the account has every privilege on the server
 */
PrConnectionParams *
pr_sample_server_get_admin_params (PrSampleServer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return make_params (self, NULL);
}

/**
 * pr_sample_server_get_base_dir:
 * @self: a #PrSampleServer
 *
 * Returns: (transfer none): the server's directory
 */
const char *
pr_sample_server_get_base_dir (PrSampleServer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->base_dir;
}

/**
 * pr_sample_server_get_socket:
 * @self: a #PrSampleServer
 *
 * Returns: (transfer none): the server's unix socket
 */
const char *
pr_sample_server_get_socket (PrSampleServer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->socket;
}

/**
 * pr_sample_server_get_pid:
 * @self: a #PrSampleServer
 *
 * The server's process, for tests that stop or kill it behind the
 * connection's back (a crash, a stalled machine). Signal it only while
 * @self holds it: once it has exited the number may be reused.
 *
 * Returns: the process id of the running mariadbd, or 0 when it is not
 *   running (stopped, or it has exited)
 */
GPid
pr_sample_server_get_pid (PrSampleServer *self)
{
  const char *identifier;

  g_return_val_if_fail (self != NULL, 0);

  if (self->process == NULL)
    return 0;
  while (g_main_context_iteration (self->context, FALSE))
    ;
  if (self->wait_done)
    return 0;
  identifier = g_subprocess_get_identifier (self->process);

  return identifier != NULL ? (GPid) g_ascii_strtoll (identifier, NULL, 10) : 0;
}

/**
 * pr_sample_server_get_initialised:
 * @self: a #PrSampleServer
 *
 * Returns: whether this start made the data directory
 */
gboolean
pr_sample_server_get_initialised (PrSampleServer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->initialised;
}

/**
 * pr_sample_server_get_loaded:
 * @self: a #PrSampleServer
 *
 * Returns: whether this start loaded the sample petitions (%FALSE when an
 *   earlier start had)
 */
gboolean
pr_sample_server_get_loaded (PrSampleServer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->loaded;
}

/**
 * pr_sample_server_stop:
 * @self: a #PrSampleServer
 * @error: return location for a #GError
 *
 * Asks the server to shut down (SIGTERM, which mariadbd treats as a clean
 * shutdown) and waits for it, up to a minute; then kills it. A server whose
 * start failed is killed at once. Stopping a stopped server does nothing.
 *
 * Returns: %FALSE with %PR_DB_ERROR_SERVER_STOP if the server had to be
 *   killed or ended with an error
 */
gboolean
pr_sample_server_stop (PrSampleServer  *self,
                       GError         **error)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *how = NULL;
  gboolean killed = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->process == NULL)
    return TRUE;

  if (!self->wait_done)
    {
      if (self->ready)
        {
          g_subprocess_send_signal (self->process, SIGTERM);
          killed = !wait_for_exit (self, STOP_TIMEOUT_MS);
        }
      else
        {
          /* Its start failed or was cancelled, and said so: one that never
           * got ready holds nothing of ours to flush, and a SIGTERM could
           * hang it for good (see setup_child ()). */
          self->exit_reported = TRUE;
        }
      if (killed || !self->ready)
        {
          g_subprocess_force_exit (self->process);
          if (!wait_for_exit (self, KILL_TIMEOUT_MS))
            {
              /* Cannot happen short of a kernel in trouble; the wait's
               * callback must still run before the process is let go. */
              g_cancellable_cancel (self->wait_cancellable);
              while (!self->wait_done)
                g_main_context_iteration (self->context, TRUE);
              g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_STOP,
                           _("the sample server (process %s) did not end even when killed"),
                           g_subprocess_get_identifier (self->process));
              g_clear_object (&self->process);
              return FALSE;
            }
        }
    }

  process = g_steal_pointer (&self->process);
  if (killed)
    {
      g_autofree char *tail = read_log_tail (self);

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_STOP,
                   _("the sample server did not stop within %d s and was killed; its log %s says:\n%s"),
                   STOP_TIMEOUT_MS / 1000, self->log_file, tail);
      return FALSE;
    }
  if (!g_subprocess_get_successful (process) && !self->exit_reported)
    {
      g_autofree char *tail = read_log_tail (self);

      how = describe_exit (process);
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_STOP,
                   _("the sample server %s; its log %s says:\n%s"), how, self->log_file, tail);
      return FALSE;
    }

  return TRUE;
}

/**
 * pr_sample_server_free:
 * @self: (nullable): a #PrSampleServer
 *
 * Stops the server if it still runs (see pr_sample_server_stop()) and
 * frees @self. The data directory stays.
 */
void
pr_sample_server_free (PrSampleServer *self)
{
  g_autoptr(GError) error = NULL;

  if (self == NULL)
    return;

  if (!pr_sample_server_stop (self, &error))
    g_message ("%s", error->message);

  g_clear_object (&self->wait_cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_free (self->base_dir);
  g_free (self->data_dir);
  g_free (self->socket);
  g_free (self->pid_file);
  if (self->owner_lock >= 0)
    close (self->owner_lock);
  g_free (self->log_file);
  g_free (self->tmp_dir);
  g_free (self->user);
  g_free (self->database);
  g_strfreev (self->server_options);
  g_free (self);
}

/**
 * pr_sample_server_find_csv:
 *
 * The sample petitions: $PETITION_REVIEW_SAMPLE, else the file installed
 * with the program. A program run from a build directory is given the
 * checkout's data/sample-petitions.csv that way (the tests and the
 * build-aux scripts set it), so no source path is compiled in.
 *
 * Returns: (transfer full): the CSV file's path
 */
char *
pr_sample_server_find_csv (void)
{
  const char *from_env = g_getenv ("PETITION_REVIEW_SAMPLE");

  if (from_env != NULL && *from_env != '\0')
    return g_strdup (from_env);

  return g_build_filename (PKGDATADIR, "sample-petitions.csv", NULL);
}
