/** The cluster's parts that the scale benchmark drives: the same start-up, load and clients as `--verify`. */
export { type Cluster, type ClusterNode, startCluster, until } from "./cluster.js";
export { demoSession, fundedPlayer, newTally, placeOnce, selectionSource, type Tally } from "./load.js";
export { provision, serverUrls } from "./provision.js";
export { type Watcher, watch } from "./watchers.js";
