// The browser version's pages load this before JupyterLite starts (scripts/build_lite.py puts it
// into the site and into each page that shows notebooks).
//
// A run pressed while the lesson's Python is still starting (Run All, the first thing a student
// does) waits for it, instead of being lost: JupyterLab skips, without a word, every cell run
// before the notebook's session has a kernel to send it to, and in the browser that takes
// seconds. Here each run command (the menus, the toolbar's buttons and the keys all go through
// the app's command registry) pressed before the notebook's session is ready is held, with a
// note saying so, and carried out, in the order pressed, once the session is ready; a command
// that runs the selected cell runs the cell that was selected when it was pressed.
(function () {
  'use strict';

  // the commands that run the whole notebook or a part of it that does not depend on the selection
  const WHOLE = new Set([
    'notebook:run-all-cells', 'notebook:restart-run-all', 'runmenu:run-all', 'runmenu:restart-and-run-all',
  ]);
  // the commands that run the selected cell(s), from the selection at the time they were pressed
  const SELECTED = new Set([
    'notebook:run-cell', 'notebook:run-cell-and-select-next', 'notebook:run-cell-and-insert-below',
    'notebook:run-all-above', 'notebook:run-all-below', 'runmenu:run', 'notebook:run-in-console',
  ]);
  const NOTE = 'Python is starting in this browser: the cells you ran will run as soon as ' +
    'it is ready.';

  function notebookOf(app) {
    const widget = app.shell.currentWidget;
    return widget && widget.sessionContext && widget.content && widget.content.widgets
      ? widget : null;
  }

  // resolves once the notebook's Python has started: its kernel says it is idle or busy
  function pythonStarted(panel) {
    return panel.sessionContext.ready.then(() => new Promise((resolve) => {
      const started = () => {
        const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
        if (!kernel || kernel.status === 'idle' || kernel.status === 'busy') {
          panel.sessionContext.statusChanged.disconnect(started);
          resolve();
        }
      };
      panel.sessionContext.statusChanged.connect(started);
      started();
    }));
  }

  function holdRunsUntilReady(app) {
    const commands = app.commands;
    const execute = commands.execute.bind(commands);
    // for each notebook with runs held: {last: resolves when its last held run is handed over,
    // count: how many are held, note: the promise of the note's id}
    const held = new Map();

    function hold(panel, id, args) {
      let state = held.get(panel);
      if (!state) {
        const note = commands.hasCommand('apputils:notify')
          ? execute('apputils:notify', {message: NOTE, type: 'in-progress',
                                        options: {autoClose: false}}).catch(() => null)
          : Promise.resolve(null);
        state = {last: Promise.resolve(), count: 0, note};
        held.set(panel, state);
      }
      const cell = panel.content.activeCellIndex;
      let handOver;
      const handed = new Promise((resolve) => { handOver = resolve; });
      const run = state.last.then(() => panel.sessionContext.ready).then(() => {
        if (SELECTED.has(id) && !panel.isDisposed) {
          panel.content.activeCellIndex = cell;
        }
        const result = execute(id, args);  // JupyterLab now queues the cells for the kernel
        handOver();
        return result;
      });
      run.catch(() => handOver());
      state.count += 1;
      state.last = handed;  // the next run held is handed over after this one
      // the note stays until Python has started (or the run is over, if that is sooner)
      handed.then(() => Promise.race([run, pythonStarted(panel)])).catch(() => undefined)
        .then(async () => {
          state.count -= 1;
          if (state.count === 0 && held.get(panel) === state) {
            held.delete(panel);
            const noteId = await state.note;
            if (noteId) {
              execute('apputils:dismiss-notification', {id: noteId}).catch(() => undefined);
            }
          }
        });
      return run;
    }

    commands.execute = function (id, args) {
      const panel = notebookOf(app);
      if ((WHOLE.has(id) || SELECTED.has(id)) && panel
          && (!panel.sessionContext.isReady || held.has(panel))) {
        return hold(panel, id, args);
      }
      return execute(id, args);
    };
  }

  // JupyterLite's page sets window.jupyterapp (exposeAppInBrowser) before it starts the app,
  // before any menu, button or key can run a command
  let app;
  Object.defineProperty(window, 'jupyterapp', {
    configurable: true,
    enumerable: true,
    get: () => app,
    set: (value) => {
      app = value;
      holdRunsUntilReady(app);
    },
  });
})();
