(* The personalized ULDP mechanism (PUM) of Section 5 of arXiv 1807.11317: Propositions 9 and 10,
   the erratum of Proposition 9's literal reading, the unprotected-output refutation of
   Proposition 10 and the tag-leaking mutant.

   Sets: inputs X = {0..k-1}; the intermediate set Z = X u {bot_0..bot_(kappa-1)} is
   {0..k+kappa-1}, x in X being itself (emb x = x) and bot_j being k + j; outputs Y = {0..m-1}
   with Y_P = {y : P y = true}. Z_S = X_S u bots ([pum_ZS]). A user's tagging is
   [tag : nat -> option nat]: [tag x = Some j] when x is her sensitive datum with the j-th tag
   (x in X_(S,j)^(i)), [None] otherwise; several inputs may share a tag (any tagging the SMT
   encoding allows). f_pre^(i) maps a tagged x to its bot and every other x to itself (eq. (29)),
   and Q^(i) = Q_cmn o f_pre^(i) ([pum_Q]). The user's sensitive set is X_S u X_S^(i) ([pum_XS]).

   Compared with the SMT encoding (all_sizes_claims.cc), which assumes entries in [0, 1] and no
   row sums: Proposition 9 here assumes nothing of Q_cmn's entries for the ULDP part and adds
   that Q^(i) is a mechanism (rows sum to 1) whenever Q_cmn is; Proposition 10 assumes only
   Q_cmn's ratio bound on Y_P (the SMT query assumes full literal ULDP). The refutations are
   stochastic instances (rows sum to 1), which the all-sizes SMT models are not. *)
From Uldp Require Import Common.
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* uldp:statement pum_uldp pum_users_indistinguishable pum_uldp_literal pum_users_unprotected_output *)
Definition pum_fpre (k : nat) (tag : nat -> option nat) (x : nat) : nat :=
  match tag x with
  | Some j => (k + j)%nat
  | None => x
  end.

Definition pum_Q (k : nat) (tag : nat -> option nat) (Qc : nat -> nat -> R) (x y : nat) : R :=
  Qc (pum_fpre k tag x) y.
(* uldp:end *)

(* uldp:statement pum_uldp pum_uldp_literal pum_users_unprotected_output mutant_pum_tags_leak *)
Definition pum_ZS (k : nat) (S : nat -> bool) (z : nat) : bool :=
  if Nat.ltb z k then S z else true.
(* uldp:end *)

(* uldp:statement pum_uldp pum_uldp_literal mutant_pum_tags_leak *)

Definition pum_XS (S : nat -> bool) (tag : nat -> option nat) (x : nat) : bool :=
  match tag x with
  | Some _ => true
  | None => S x
  end.
(* uldp:end *)

(* uldp:statement pum_uldp pum_users_indistinguishable pum_uldp_literal pum_users_unprotected_output mutant_pum_tags_leak *)
Definition pum_Tagging (k kappa : nat) (tag : nat -> option nat) : Prop :=
  forall x j, (x < k)%nat -> tag x = Some j -> (j < kappa)%nat.
(* uldp:end *)

(* helper lemmas, not part of the statement *)

Lemma pum_fpre_bound : forall k kappa tag x,
  pum_Tagging k kappa tag -> (x < k)%nat -> (pum_fpre k tag x < k + kappa)%nat.
Proof.
  intros k kappa tag x Ht Hx. unfold pum_fpre.
  destruct (tag x) as [j|] eqn:E; [specialize (Ht x j Hx E)|]; lia.
Qed.

(** An intermediate value in Z_N is an untagged, non-sensitive input mapped to itself. *)
Lemma pum_fpre_nonsensitive : forall k S tag x,
  (x < k)%nat -> pum_ZS k S (pum_fpre k tag x) = false ->
  tag x = None /\ S x = false /\ pum_fpre k tag x = x.
Proof.
  intros k S tag x Hx H. unfold pum_ZS, pum_fpre in *.
  destruct (tag x) as [j|] eqn:E.
  - destruct (Nat.ltb_spec (k + j) k); [lia | discriminate].
  - destruct (Nat.ltb_spec x k); [auto | lia].
Qed.

(** Two distinct inputs, one of them untagged, reach distinct intermediate values. *)
Lemma pum_fpre_untagged_distinct : forall k tag x x',
  (x < k)%nat -> tag x = None -> x' <> x -> pum_fpre k tag x' <> pum_fpre k tag x.
Proof.
  intros k tag x x' Hx Hn Hne. unfold pum_fpre. rewrite Hn.
  destruct (tag x'); lia.
Qed.

Lemma pum_ratio : forall k kappa m P tag Qc t,
  pum_Tagging k kappa tag -> RatioBound (k + kappa) (Protected m P) Qc t ->
  RatioBound k (Protected m P) (pum_Q k tag Qc) t.
Proof.
  intros k kappa m P tag Qc t Ht HR x x' y Hx Hx' Hy. unfold pum_Q.
  apply HR; auto; apply (pum_fpre_bound k kappa); auto.
Qed.

Lemma pum_cond1 : forall k kappa m S P tag Qc,
  pum_Tagging k kappa tag ->
  Cond1Reachable (k + kappa) (pum_ZS k S) (Invertible m P) Qc ->
  Cond1Reachable k (pum_XS S tag) (Invertible m P) (pum_Q k tag Qc).
Proof.
  intros k kappa m S P tag Qc Ht HC y Hy [x [Hx Hpos]].
  unfold pum_Q in Hpos.
  assert (Hr : Reachable (k + kappa) Qc y)
    by (exists (pum_fpre k tag x); split; [apply (pum_fpre_bound k kappa); auto | exact Hpos]).
  destruct (HC y Hy Hr) as [z [Hz [HzS [Hzpos Hzonly]]]].
  assert (Hfz : pum_fpre k tag x = z).
  { destruct (Nat.eq_dec (pum_fpre k tag x) z) as [E|E]; [exact E|].
    rewrite (Hzonly _ (pum_fpre_bound k kappa tag x Ht Hx) E) in Hpos. lra. }
  rewrite <- Hfz in HzS.
  destruct (pum_fpre_nonsensitive k S tag x Hx HzS) as [Hn [HS Hself]].
  exists x. split; [exact Hx|]. split; [unfold pum_XS; rewrite Hn; exact HS|].
  split; [exact Hpos|].
  intros x' Hx' Hne. unfold pum_Q. rewrite <- Hfz in Hzonly. apply Hzonly.
  - apply (pum_fpre_bound k kappa); auto.
  - apply pum_fpre_untagged_distinct; auto.
Qed.

Lemma pum_mechanism : forall k kappa m tag Qc,
  pum_Tagging k kappa tag -> Mechanism (k + kappa) m Qc -> Mechanism k m (pum_Q k tag Qc).
Proof.
  intros k kappa m tag Qc Ht [Hnn Hsum]. split.
  - intros x y Hx Hy. unfold pum_Q. apply Hnn; auto. apply (pum_fpre_bound k kappa); auto.
  - intros x Hx. unfold pum_Q. apply Hsum. apply (pum_fpre_bound k kappa); auto.
Qed.

(* uldp:statement pum_uldp *)
Theorem pum_uldp : forall (k kappa m : nat) (S P : nat -> bool) (tag : nat -> option nat)
    (Qc : nat -> nat -> R) (t : R),
  pum_Tagging k kappa tag ->
  ULDP (k + kappa) (pum_ZS k S) (Protected m P) (Invertible m P) Qc t ->
  ULDP k (pum_XS S tag) (Protected m P) (Invertible m P) (pum_Q k tag Qc) t /\
  (Mechanism (k + kappa) m Qc -> Mechanism k m (pum_Q k tag Qc)).
(* uldp:end *)
Proof.
  intros k kappa m S P tag Qc t Ht [HC HR]. split; [split|].
  - apply (pum_cond1 k kappa); auto.
  - apply (pum_ratio k kappa); auto.
  - apply (pum_mechanism k kappa); auto.
Qed.

(* uldp:statement pum_users_indistinguishable *)
Theorem pum_users_indistinguishable : forall (k kappa m : nat) (P : nat -> bool)
    (tag_i tag_j : nat -> option nat) (Qc : nat -> nat -> R) (t : R),
  pum_Tagging k kappa tag_i -> pum_Tagging k kappa tag_j ->
  RatioBound (k + kappa) (Protected m P) Qc t ->
  forall x y, (x < k)%nat -> Protected m P y ->
  pum_Q k tag_i Qc x y <= t * pum_Q k tag_j Qc x y.
(* uldp:end *)
Proof.
  intros k kappa m P tag_i tag_j Qc t Hi Hj HR x y Hx Hy. unfold pum_Q.
  apply HR; auto; apply (pum_fpre_bound k kappa); auto.
Qed.

(* The refutations share one instance: X = {0} with X_S empty, one bot (Z = {0, bot_0 = 1}),
   Y = {0, 1} with Y_P = {0}, t = 2, and Q_cmn with rows Q_cmn(.|0) = (1/2, 1/2),
   Q_cmn(.|bot_0) = (1, 0): (Z_S, Y_P, ln 2)-ULDP in both readings (output 1 has the sole,
   non-sensitive source 0). The user tags her input 0 with the tag of bot_0. *)

(* uldp:statement pum_uldp_literal pum_users_unprotected_output mutant_pum_tags_leak *)
Definition pum_ex_Qc (z y : nat) : R :=
  match z, y with
  | O, O => 1 / 2
  | O, S O => 1 / 2
  | S O, O => 1
  | _, _ => 0
  end.
(* uldp:end *)

Lemma pum_ex_mechanism : Mechanism 2 2 pum_ex_Qc.
Proof.
  split.
  - intros x y Hx Hy. destruct x as [|[|x]]; destruct y as [|[|y]]; simpl; lra || lia.
  - intros x Hx. destruct x as [|[|x]]; simpl; lra || lia.
Qed.

Lemma pum_ex_ratio :
  RatioBound 2 (Protected 2 (fun y => Nat.eqb y 0)) pum_ex_Qc 2.
Proof.
  intros x x' y Hx Hx' [Hy HP]. destruct y as [|y]; [|discriminate].
  destruct x as [|[|x]]; destruct x' as [|[|x']]; simpl; lra || lia.
Qed.

Lemma pum_ex_cond1 :
  Cond1Literal 2 (pum_ZS 1 (fun _ => false)) (Invertible 2 (fun y => Nat.eqb y 0)) pum_ex_Qc.
Proof.
  intros y [Hy HP]. destruct y as [|[|y]]; [discriminate| |lia].
  exists 0%nat. split; [lia|]. split; [reflexivity|]. split; [simpl; lra|].
  intros x' Hx' Hne. destruct x' as [|[|x']]; [lia|reflexivity|lia].
Qed.

(* uldp:statement pum_uldp_literal *)
Theorem pum_uldp_literal :
  pum_Tagging 1 1 (fun _ => Some 0%nat) /\ Mechanism 2 2 pum_ex_Qc /\
  ULDPLiteral 2 (pum_ZS 1 (fun _ => false)) (Protected 2 (fun y => Nat.eqb y 0))
    (Invertible 2 (fun y => Nat.eqb y 0)) pum_ex_Qc 2 /\
  ~ Cond1Literal 1 (pum_XS (fun _ => false) (fun _ => Some 0%nat))
      (Invertible 2 (fun y => Nat.eqb y 0)) (pum_Q 1 (fun _ => Some 0%nat) pum_ex_Qc).
(* uldp:end *)
Proof.
  split; [intros x j Hx E; injection E; lia|].
  split; [exact pum_ex_mechanism|].
  split; [split; [exact pum_ex_cond1 | exact pum_ex_ratio]|].
  intro H. destruct (H 1%nat) as [x [Hx [_ [Hpos _]]]]; [split; [lia|reflexivity]|].
  destruct x as [|x]; [|lia]. unfold pum_Q, pum_fpre in Hpos. simpl in Hpos. lra.
Qed.

(* uldp:statement pum_users_unprotected_output *)
Theorem pum_users_unprotected_output :
  pum_Tagging 1 1 (fun _ => None) /\ pum_Tagging 1 1 (fun _ => Some 0%nat) /\
  Mechanism 2 2 pum_ex_Qc /\
  ULDPLiteral 2 (pum_ZS 1 (fun _ => false)) (Protected 2 (fun y => Nat.eqb y 0))
    (Invertible 2 (fun y => Nat.eqb y 0)) pum_ex_Qc 2 /\
  ~ (forall x y, (x < 1)%nat -> Outputs 2 y ->
       pum_Q 1 (fun _ => None) pum_ex_Qc x y <= 2 * pum_Q 1 (fun _ => Some 0%nat) pum_ex_Qc x y).
(* uldp:end *)
Proof.
  split; [intros x j Hx E; discriminate|].
  split; [intros x j Hx E; injection E; lia|].
  split; [exact pum_ex_mechanism|].
  split; [split; [exact pum_ex_cond1 | exact pum_ex_ratio]|].
  intro H. specialize (H 0%nat 1%nat ltac:(lia) ltac:(unfold Outputs; lia)).
  unfold pum_Q, pum_fpre in H. simpl in H. lra.
Qed.

(* uldp:statement mutant_pum_tags_leak *)
Definition pum_Q_leak (k : nat) (tag : nat -> option nat) (Qc : nat -> nat -> R) (x y : nat) : R :=
  Qc x y.

Theorem mutant_pum_tags_leak :
  pum_Tagging 1 1 (fun _ => Some 0%nat) /\ Mechanism 2 2 pum_ex_Qc /\
  ULDP 2 (pum_ZS 1 (fun _ => false)) (Protected 2 (fun y => Nat.eqb y 0))
    (Invertible 2 (fun y => Nat.eqb y 0)) pum_ex_Qc 2 /\
  ~ Cond1Reachable 1 (pum_XS (fun _ => false) (fun _ => Some 0%nat))
      (Invertible 2 (fun y => Nat.eqb y 0)) (pum_Q_leak 1 (fun _ => Some 0%nat) pum_ex_Qc).
(* uldp:end *)
Proof.
  split; [intros x j Hx E; injection E; lia|].
  split; [exact pum_ex_mechanism|].
  split; [split; [|exact pum_ex_ratio]|].
  - intros y Hy _. apply pum_ex_cond1; exact Hy.
  - intro H.
    destruct (H 1%nat) as [x [Hx [HS _]]];
      [split; [lia|reflexivity] | exists 0%nat; split; [lia|unfold pum_Q_leak; simpl; lra] |].
    destruct x as [|x]; [discriminate|lia].
Qed.

Print Assumptions pum_uldp.
Print Assumptions pum_users_indistinguishable.
Print Assumptions pum_uldp_literal.
Print Assumptions pum_users_unprotected_output.
Print Assumptions mutant_pum_tags_leak.
